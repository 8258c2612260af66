/**
 * The life of one job as autocannon requests — start, break, restart, finish — each step taking the
 * ids the previous answers gave.
 */
import type { Request } from 'autocannon';

interface JobContext {
  recordId?: number;
  breakId?: number;
}

export function jobRequests(employeeId: number): Request[] {
  const json = (body: unknown) => JSON.stringify(body);
  return [
    {
      method: 'POST',
      path: '/api/productcost/start',
      body: json({ slip_no: '12345', employees: [employeeId], paper_size_id: 1, processing_id: 1, processing_detail_id: 1 }),
      onResponse: (_status: number, body: string, context: JobContext) => {
        context.recordId = (JSON.parse(body) as { product_cost: { id: number } }).product_cost.id;
      },
    },
    {
      method: 'POST',
      setupRequest: (request: Request, context: JobContext) => ({
        ...request,
        path: `/api/productcost/break/${context.recordId}`,
        body: json({ interruption_id: 1 }),
      }),
      onResponse: (_status: number, body: string, context: JobContext) => {
        context.breakId = (JSON.parse(body) as { break_time_id: number }).break_time_id;
      },
    },
    {
      method: 'POST',
      setupRequest: (request: Request, context: JobContext) => ({
        ...request,
        path: `/api/productcost/restart/${context.breakId}`,
        body: '{}',
      }),
    },
    {
      method: 'POST',
      setupRequest: (request: Request, context: JobContext) => ({
        ...request,
        path: `/api/productcost/finish/${context.recordId}`,
        body: json({ superior: 100 }),
      }),
    },
  ];
}

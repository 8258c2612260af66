import { parseIdText } from '../domain/field-limits.ts';

/** The named route table of docs/PRODUCT.md#routes, in history mode. */
export const routePaths = {
  home: '/',
  login: '/login',
  station: '/station',
  product_cost: '/product_cost',
  'product_cost.create': '/product_cost/create',
  'product_cost.resume': '/product_cost/resume/:product_cost_id',
  'product_cost.show': '/product_cost/show/:product_cost_id',
  'product_cost.label': '/product_cost/label',
  setting: '/setting',
  machine: '/machine',
  'machine.create': '/machine/create',
  'machine.show': '/machine/show/:machine_id',
  employee: '/employee',
  'employee.create': '/employee/create',
  'employee.show': '/employee/show/:employee_id',
  company: '/company',
  'company.create': '/company/create',
  'company.show': '/company/show/:company_id',
  interruption: '/interruption',
  'interruption.create': '/interruption/create',
  'interruption.show': '/interruption/show/:interruption_id',
  paper_size: '/paper_size',
  'paper_size.create': '/paper_size/create',
  'paper_size.show': '/paper_size/show/:paper_size_id',
  processing: '/processing',
  'processing.create': '/processing/create',
  'processing.show': '/processing/show/:processing_id',
  stations: '/stations',
  call_reason: '/call_reason',
  'call_reason.create': '/call_reason/create',
  'call_reason.show': '/call_reason/show/:call_reason_id',
  board: '/board',
  analytics: '/analytics',
} as const;

export type RouteName = keyof typeof routePaths;

/** The path of a named route with its parameters filled in. */
export function pathTo(name: RouteName, params: Record<string, string | number> = {}): string {
  return routePaths[name].replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`route ${name} needs ${key}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The record id of a path such as /processing/show/12. null for anything else: no link of ours
 * makes such a path, so the screen shows not-found instead of asking the server.
 */
export function parseRouteId(raw: string): number | null {
  return parseIdText(raw);
}

import { WorkState } from '../../src/domain/work-state.ts';
import type { apiSession } from '../../e2e/support/api.ts';
import type { createRandom } from '../../scripts/support/random.ts';
import type { Ledger } from './ledger.ts';

export type ApiSession = Awaited<ReturnType<typeof apiSession>>;

/** An answer other than 2xx: every press is valid, so the server must accept it. */
export class UnexpectedAnswer extends Error {}

/**
 * One shop-floor tablet pressing work actions on its own job, one after another, as fast as the
 * server answers: start, interruptions and restarts, finish, then the next job. Each acknowledged
 * action goes into the ledger; the tablet keeps its job across restarts of the server.
 */
export class WorkClient {
  private recordId: number | undefined;
  private breakId: number | undefined;
  /** The last press went unanswered, so where the job stands must be read again. */
  private unsure = false;

  /** The signed-in user, the worker named on every job. */
  private employeeId: number | undefined;

  constructor(
    private readonly ledger: Ledger,
    private readonly random: ReturnType<typeof createRandom>,
  ) {}

  /**
   * Presses until `running()` turns false. A request cut off after that ends the run quietly (the
   * server is being killed); one cut off before it, or any answer but a 2xx, is an error.
   */
  async run(session: ApiSession, running: () => boolean): Promise<void> {
    try {
      this.employeeId ??= ((await this.expect(session, 'GET', '/api/user/info')) as { id: number }).id;
      if (this.unsure) await this.findPlace(session);
      while (running()) await this.pressNext(session);
    } catch (error) {
      if (error instanceof UnexpectedAnswer || running()) throw error;
      this.unsure = true;
    }
  }

  private async pressNext(session: ApiSession): Promise<void> {
    if (this.recordId === undefined) {
      const start = {
        slip_no: String(this.random.between(1, 99_999)),
        employees: [this.employeeId!],
        paper_size_id: 1,
        processing_id: 1,
        processing_detail_id: 1,
      };
      const answer = (await this.expect(session, 'POST', '/api/productcost/start', start)) as { product_cost: { id: number } };
      this.recordId = answer.product_cost.id;
      this.ledger.started(this.recordId);
    } else if (this.breakId !== undefined) {
      await this.expect(session, 'POST', `/api/productcost/restart/${this.breakId}`, {});
      this.ledger.restarted(this.recordId, this.breakId);
      this.breakId = undefined;
    } else if (this.random.next() < 0.7) {
      const reason = { interruption_id: this.random.between(1, 4) };
      const answer = (await this.expect(session, 'POST', `/api/productcost/break/${this.recordId}`, reason)) as { break_time_id: number };
      this.breakId = answer.break_time_id;
      this.ledger.broke(this.recordId, this.breakId);
    } else {
      const superior = this.random.between(0, 5000);
      await this.expect(session, 'POST', `/api/productcost/finish/${this.recordId}`, { superior });
      this.ledger.finished(this.recordId, superior);
      this.recordId = undefined;
    }
  }

  /** After an unanswered press: whether it took effect is read from the server, as the work screen does. */
  private async findPlace(session: ApiSession): Promise<void> {
    if (this.recordId !== undefined) {
      const record = (await this.expect(session, 'GET', `/api/productcost/${this.recordId}`)) as {
        state: number;
        break_time: { id: number } | null;
      };
      if (record.state === WorkState.Finished) this.recordId = undefined;
      this.breakId = record.break_time?.id;
    }
    this.unsure = false;
  }

  private async expect(session: ApiSession, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
    const { status, json } = await session.send(method, path, body);
    if (status < 200 || status > 299) throw new UnexpectedAnswer(`${method} ${path}: ${status} ${JSON.stringify(json)}`);
    return json;
  }
}

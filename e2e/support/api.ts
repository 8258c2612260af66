import { E2E_ADMIN } from './server.ts';

/**
 * A signed-in API client for arranging data before a browser test: it loads the page for its
 * CSRF token and cookie, then signs in, as the web client does.
 */
export async function apiSession(baseUrl: string, userName: string = E2E_ADMIN.userName, password: string = E2E_ADMIN.password) {
  let cookie = '';
  let csrf = '';
  const keepCookie = (response: Response) => {
    const set = response.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0]!;
  };
  const page = await fetch(`${baseUrl}/login`);
  keepCookie(page);
  csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(await page.text())![1]!;

  /** Sends a call as the web client does and answers its status and JSON, whatever the status. */
  const send = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        cookie,
        'x-requested-with': 'XMLHttpRequest',
        'x-csrf-token': csrf,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    keepCookie(response);
    const json = (await response.json()) as Record<string, unknown>;
    if (typeof json.csrf_token === 'string') csrf = json.csrf_token;
    return { status: response.status, json };
  };
  /** Sends a call that must succeed. */
  const call = async (method: string, path: string, body?: unknown) => {
    const { status, json } = await send(method, path, body);
    if (status < 200 || status > 299) throw new Error(`${method} ${path}: ${status} ${JSON.stringify(json)}`);
    return json;
  };
  await call('POST', '/api/login', { user_name: userName, password });
  /** What a load tool sends to be this session: the cookie and the CSRF headers. */
  const headers = () => ({ cookie, 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': csrf });
  /** The session's cookie, for a browser to carry it. */
  const sessionCookie = () => {
    const split = cookie.indexOf('=');
    return { name: cookie.slice(0, split), value: cookie.slice(split + 1) };
  };
  return { call, send, headers, cookie: sessionCookie };
}

export type ApiSession = Awaited<ReturnType<typeof apiSession>>;

/** A person who signs in with these credentials, or, without them, one who only appears as a worker. */
export interface EmployeeToAdd {
  last_name: string;
  first_name: string;
  login?: { userName: string; password: string };
  /** 労務単価, each from its date on. */
  rates?: Array<{ valid_from: string; yen_per_hour: number }>;
}

/** Adds an employee, not an administrator, through 従業員's API, and answers the id. */
export async function addEmployee(admin: ApiSession, person: EmployeeToAdd): Promise<number> {
  const { login, ...names } = person;
  const employee = login
    ? { ...names, use_login: true, user_name: login.userName, password: login.password, is_admin: false }
    : { ...names, use_login: false, is_admin: false };
  return Number((await admin.call('POST', '/api/employee', { employee })).id);
}

/**
 * Starts a record through the work screen's API as this session (断裁 / 全断; A3 unless another
 * paper size is given), and answers its id.
 */
export async function startRecord(
  session: ApiSession,
  job: {
    slip_no: string;
    employees: number[];
    paper_size_id?: number;
    processing_id?: number;
    processing_detail_id?: number;
    machine_id?: number;
    company_id?: number;
    /** When the 開始 was pressed, for a press kept offline (ISO 8601); now when not given. */
    pressed_at?: string;
  },
): Promise<number> {
  const answer = await session.call('POST', '/api/productcost/start', {
    paper_size_id: 1,
    processing_id: 1,
    processing_detail_id: 1,
    ...job,
  });
  return (answer.product_cost as { id: number }).id;
}

/**
 * Runs `scenario` with 要確認までの時間 at one hour, so that a job started two hours ago is stale, and
 * sets it back to its first 12 hours afterwards, whatever happens.
 */
export async function withStaleAfterOneHour(admin: ApiSession, scenario: () => Promise<void>): Promise<void> {
  await admin.call('PUT', '/api/setting', { setting: { stale_after_hours: 1 } });
  try {
    await scenario();
  } finally {
    await admin.call('PUT', '/api/setting', { setting: { stale_after_hours: 12 } });
  }
}

/** Two hours ago, as a press kept offline would say: a job started then is stale with withStaleAfterOneHour. */
export const twoHoursAgo = () => new Date(Date.now() - 2 * 3_600_000).toISOString();

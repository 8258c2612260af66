/** The work actions: all a press credential may do (docs/SECURITY.md#press-credentials). */
export const PRESS_CREDENTIAL_REACH: ReadonlySet<string> = new Set([
  'POST /api/productcost/start',
  'POST /api/productcost/setup/start/:id',
  'POST /api/productcost/setup/finish/:id',
  'POST /api/productcost/setup/break/:id',
  'POST /api/productcost/setup/restart/:id',
  'POST /api/productcost/break/:id',
  'POST /api/productcost/restart/:id',
  'POST /api/productcost/nowork/start/:id',
  'POST /api/productcost/nowork/finish/:id',
  'POST /api/productcost/finish/:id',
]);

/**
 * What a session signed in by PIN on a station may call: the work screen and the work-time list,
 * and nothing else, whoever the worker. An allow-list, so that a route added later is out of a
 * station's reach until it is named here (test/api/stations.test.ts calls every other route).
 */
export const STATION_SESSION_REACH: ReadonlySet<string> = new Set([
  'GET /api/user/info',
  'GET /api/productcost',
  'GET /api/productcost/:id',
  ...PRESS_CREDENTIAL_REACH,
  // What the work screen chooses from.
  'GET /api/employee/selector',
  'GET /api/paper_size/selector',
  'GET /api/processing/selector',
  'GET /api/processing_detail/selector',
  'GET /api/interruption/selector',
  'GET /api/machine',
  'GET /api/company',
  // 呼出 from the work screen (its open call shown there with 対応済み), and the floor board a worker may look at.
  'GET /api/call_reason/selector',
  'GET /api/productcost/call/:id',
  'POST /api/productcost/call/:id',
  'POST /api/productcost/call/answer/:call_id',
  'GET /api/board',
  'GET /api/events',
]);

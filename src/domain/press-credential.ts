/**
 * A press credential (送信用の資格): issued to a worker signed in by PIN on a station, so that the
 * tablet's outbox can send that worker's presses after their session ended and another worker
 * signed in (docs/SECURITY.md#press-credentials). It acts for its worker only, on the work actions
 * only, from its station only, and for a day at most.
 *
 * No zod here: the client sends the header with every call from its first screen, so this module is
 * in the entry; the answer's schema is with the station's others (stations.ts).
 */
export const PRESS_CREDENTIAL_HEADER = 'X-Press-Credential';

/** A press is recorded at most 12 hours after it was made; a credential renewed when the work screen opens outlives that. */
export const PRESS_CREDENTIAL_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const pressCredentialMessages = {
  stationOnly: 'この操作は作業端末で暗証番号でログインしたときだけできます。',
  refused: 'この記録を送る資格が切れているか、別の端末のものです。管理者に修正を依頼してください。',
  workActionsOnly: '送信用の資格で行える操作は作業の記録だけです。',
} as const;

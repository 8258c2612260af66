import { messages } from '../../domain/messages.ts';

/** A refused or failed call, with the Japanese message to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorMessage: string,
  ) {
    super(errorMessage);
  }
}

/**
 * What a screen shows for a failure: the server's own message (or the page's, for a call that found
 * no network), and for anything else — a fault of the page itself — the server error's text.
 */
export function failureMessage(failure: unknown): string {
  return failure instanceof ApiError ? failure.errorMessage : messages.http.serverError;
}

/**
 * A request whose refusal as a conflict (409) means that what it asks is already so — 対応済み of a call
 * answered elsewhere since it was read: done as the person meant, not a failure to show.
 */
export function doneOnConflict<T>(request: Promise<T>): Promise<T | void> {
  return request.catch((error: unknown) => {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
  });
}

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

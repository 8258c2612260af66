/** A refused or failed call, with the Japanese message to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorMessage: string,
  ) {
    super(errorMessage);
  }
}

import { describe, expect, it } from 'vitest';
import { messages } from '../../domain/messages.ts';
import { ApiError, failureMessage } from './api-error.ts';

describe('failureMessage', () => {
  it("shows a refused call's own message", () => {
    expect(failureMessage(new ApiError(409, 'この作業は他の端末で更新されました。'))).toBe('この作業は他の端末で更新されました。');
    expect(failureMessage(new ApiError(0, messages.http.network))).toBe(messages.http.network);
  });

  it("shows the server error's text for a fault of the page itself, never its English", () => {
    expect(failureMessage(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(messages.http.serverError);
    expect(failureMessage('thrown text')).toBe(messages.http.serverError);
  });
});

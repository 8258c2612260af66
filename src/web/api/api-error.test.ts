import { describe, expect, it } from 'vitest';
import { messages } from '../../domain/messages.ts';
import { ApiError, doneOnConflict, failureMessage } from './api-error.ts';

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

describe('doneOnConflict', () => {
  it('takes a 409 as done, and lets any other failure through', async () => {
    await expect(doneOnConflict(Promise.reject(new ApiError(409, 'この呼出は既に対応済みです。')))).resolves.toBeUndefined();
    await expect(doneOnConflict(Promise.resolve({ result: true }))).resolves.toEqual({ result: true });
    await expect(doneOnConflict(Promise.reject(new ApiError(0, 'サーバーに接続できませんでした。')))).rejects.toMatchObject({ status: 0 });
    await expect(doneOnConflict(Promise.reject(new ApiError(404, '呼出が見つかりません。')))).rejects.toMatchObject({ status: 404 });
  });
});

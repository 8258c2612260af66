import { describe, expect, it } from 'vitest';
import { editPlaceLabel } from './edit-place.ts';

describe('editPlaceLabel', () => {
  it('names the input as the screen labels it, rows counted from 1', () => {
    expect(editPlaceLabel({ field: 'finished_on' })).toBe('作業終了時間');
    expect(editPlaceLabel({ field: 'started_on' })).toBe('作業開始時間');
    expect(editPlaceLabel({ row: { list: 'break_times', index: 1 }, field: 'restarted_on' })).toBe('中断 2 の中断終了');
    expect(editPlaceLabel({ row: { list: 'break_times', index: 0 }, field: 'interruption_id' })).toBe('中断 1 の中断内容');
    expect(editPlaceLabel({ row: { list: 'setup_times', index: 0 }, field: 'started_on' })).toBe('段取り 1 の段取り開始');
    expect(editPlaceLabel({ row: { list: 'setup_break_times', setup: 1, index: 2 }, field: 'broken_on' })).toBe(
      '段取り 2 の段取り中断 3 の中断開始',
    );
    expect(editPlaceLabel({ row: { list: 'nowork_times', index: 0 }, field: 'finished_on' })).toBe('終業 1 の始業時間');
  });
});

import { describe, expect, it } from 'vitest';
import { formatEditTime, isUnreadableEditTime, parseEditTime } from './edit-time.ts';
import { editMessages, validateRecordTimes } from './product-cost-edit.ts';

const tz = 'Asia/Tokyo';

describe('edit times', () => {
  it('accepts YYYY/MM/DD HH:mm[:ss], YYYY-MM-DD HH:mm[:ss] and ISO with an offset', () => {
    expect(parseEditTime('2026/11/22 08:30', tz)).toBe('2026-11-21T23:30:00.000Z');
    expect(parseEditTime('2026/11/22 08:30:15', tz)).toBe('2026-11-21T23:30:15.000Z');
    expect(parseEditTime('2026-11-22 08:30', tz)).toBe('2026-11-21T23:30:00.000Z');
    expect(parseEditTime(' 2026-11-22  08:30:00 ', tz)).toBe('2026-11-21T23:30:00.000Z');
    expect(parseEditTime('2026-11-22T08:30:00+09:00', tz)).toBe('2026-11-21T23:30:00.000Z');
  });
  it('reads the date as every date input does, full-width and without separators too, and an hour of one digit', () => {
    expect(parseEditTime('２０２６／１１／２２　０８：３０', tz)).toBe('2026-11-21T23:30:00.000Z');
    expect(parseEditTime('20261122 8:30', tz)).toBe('2026-11-21T23:30:00.000Z');
    expect(parseEditTime('2026/1/5 17:05:09', tz)).toBe('2026-01-05T08:05:09.000Z');
  });
  it('refuses anything else', () => {
    for (const text of [
      '2026/11/22',
      '08:30',
      '2026/13/01 08:30',
      '2026/02/30 08:30',
      '2026/11/22 25:00',
      'yesterday',
      '11/22 08:30',
      '2026/11/22 08:60',
      '2026/11/22 08:30:60',
      '',
    ]) {
      expect(parseEditTime(text, tz), text).toBeUndefined();
    }
  });
  it('calls text unreadable when no form reads it, and empty text none', () => {
    expect(['2026/11/27 7:5', '2026/11/22', 'yesterday'].map(isUnreadableEditTime)).toEqual([true, true, true]);
    expect(['2026/11/27 7:05', '２０２６／１１／２２　０８：３０', '', '  '].map(isUnreadableEditTime)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
  it('shows times in the workshop time zone', () => {
    expect(formatEditTime('2026-11-21T23:30:00.000Z', tz)).toBe('2026/11/22 08:30:00');
    expect(formatEditTime(null, tz)).toBe('');
  });
});

const base = { started_on: '2026/11/22 08:00', finished_on: '2026/11/22 12:00', break_times: [], setup_times: [] };
const message = (record: Parameters<typeof validateRecordTimes>[0]) => {
  const outcome = validateRecordTimes(record, tz);
  return outcome.ok ? 'ok' : outcome.message;
};

describe('edit validation in the order of docs/PRODUCT.md#record-editor', () => {
  it('asks first for the start time', () => {
    expect(message({ ...base, started_on: '', break_times: [{ broken_on: '' }] })).toBe(editMessages.startRequired);
  });
  it('then each interruption start, then its reason', () => {
    expect(message({ ...base, break_times: [{ broken_on: '', interruption_id: null }] })).toBe(editMessages.breakStartRequired);
    expect(message({ ...base, break_times: [{ broken_on: '2026/11/22 09:00', interruption_id: null }] })).toBe(
      editMessages.breakReasonRequired,
    );
  });
  it('then each setup start, each setup interruption start and reason', () => {
    expect(message({ ...base, setup_times: [{ started_on: '', setup_break_times: [{ broken_on: '' }] }] })).toBe(
      editMessages.setupStartRequired,
    );
    expect(message({ ...base, setup_times: [{ started_on: '2026/11/22 08:00', setup_break_times: [{ broken_on: '' }] }] })).toBe(
      editMessages.setupBreakStartRequired,
    );
    expect(
      message({ ...base, setup_times: [{ started_on: '2026/11/22 08:00', setup_break_times: [{ broken_on: '2026/11/22 08:05' }] }] }),
    ).toBe(editMessages.setupBreakReasonRequired);
  });
  it('does not require ends, nor その他の内容 for reason 5', () => {
    expect(message({ ...base, finished_on: '', break_times: [{ broken_on: '2026/11/22 09:00', interruption_id: 5 }] })).toBe('ok');
  });
});

describe('edit validation beyond the required fields', () => {
  it('names the field of a time in the wrong form', () => {
    expect(message({ ...base, finished_on: '12時' })).toBe(editMessages.badTime('作業終了時間'));
    expect(message({ ...base, break_times: [{ broken_on: '9:00', interruption_id: 1 }] })).toBe(editMessages.badTime('中断開始'));
  });
  it('accepts a period opened and closed within one second, as the floor may record it', () => {
    expect(message({ ...base, finished_on: '2026/11/22 08:00', break_times: [] })).toBe('ok');
    expect(
      message({ ...base, break_times: [{ broken_on: '2026/11/22 09:00:00', restarted_on: '2026/11/22 09:00:00', interruption_id: 1 }] }),
    ).toBe('ok');
  });
  it('wants no end before its start', () => {
    expect(message({ ...base, finished_on: '2026/11/22 07:00' })).toBe(editMessages.endBeforeStart('作業'));
    expect(
      message({ ...base, break_times: [{ broken_on: '2026/11/22 10:00', restarted_on: '2026/11/22 09:00', interruption_id: 1 }] }),
    ).toBe(editMessages.endBeforeStart('中断'));
  });
  it('wants periods inside the record, and setup interruptions inside their setup', () => {
    expect(
      message({ ...base, break_times: [{ broken_on: '2026/11/22 07:00', restarted_on: '2026/11/22 07:30', interruption_id: 1 }] }),
    ).toBe(editMessages.outsideRecord('中断'));
    expect(message({ ...base, setup_times: [{ started_on: '2026/11/22 11:00', finished_on: '2026/11/22 13:00' }] })).toBe(
      editMessages.outsideRecord('段取り'),
    );
    expect(
      message({
        ...base,
        setup_times: [
          {
            started_on: '2026/11/22 08:00',
            finished_on: '2026/11/22 08:30',
            setup_break_times: [{ broken_on: '2026/11/22 08:40', restarted_on: '2026/11/22 08:45', interruption_id: 1 }],
          },
        ],
      }),
    ).toBe(editMessages.outsideSetup);
  });
  it('refuses overlapping interruptions, setup interruptions included', () => {
    expect(
      message({
        ...base,
        break_times: [
          { broken_on: '2026/11/22 09:00', restarted_on: '2026/11/22 09:30', interruption_id: 1 },
          { broken_on: '2026/11/22 09:20', restarted_on: '2026/11/22 09:40', interruption_id: 2 },
        ],
      }),
    ).toBe(editMessages.overlap('中断'));
    expect(
      message({
        ...base,
        break_times: [{ broken_on: '2026/11/22 08:10', restarted_on: '2026/11/22 08:20', interruption_id: 1 }],
        setup_times: [
          {
            started_on: '2026/11/22 08:00',
            finished_on: '2026/11/22 08:30',
            setup_break_times: [{ broken_on: '2026/11/22 08:15', restarted_on: '2026/11/22 08:25', interruption_id: 1 }],
          },
        ],
      }),
    ).toBe(editMessages.overlap('中断'));
  });
  it('refuses an open period in a finished record, and two open periods of a kind', () => {
    expect(message({ ...base, break_times: [{ broken_on: '2026/11/22 09:00', interruption_id: 1 }] })).toBe(
      editMessages.openAfterFinish('中断'),
    );
    expect(
      message({ ...base, finished_on: '', setup_times: [{ started_on: '2026/11/22 08:00' }, { started_on: '2026/11/22 09:00' }] }),
    ).toBe(editMessages.overlap('段取り'));
  });
  it('accepts a consistent record and gives its times in UTC', () => {
    const outcome = validateRecordTimes(
      {
        ...base,
        break_times: [
          { broken_on: '2026/11/22 10:00', restarted_on: '2026/11/22 10:15', interruption_id: 5, interruption_other: ' 紙切れ ' },
        ],
        setup_times: [
          {
            started_on: '2026/11/22 08:00',
            finished_on: '2026/11/22 08:30',
            setup_break_times: [{ broken_on: '2026/11/22 08:10', restarted_on: '2026/11/22 08:15', interruption_id: 1 }],
          },
        ],
      },
      tz,
    );
    expect(outcome).toMatchObject({
      ok: true,
      times: {
        started_on: '2026-11-21T23:00:00.000Z',
        break_times: [
          { start: '2026-11-22T01:00:00.000Z', end: '2026-11-22T01:15:00.000Z', interruption_id: 5, interruption_other: '紙切れ' },
        ],
      },
    });
  });
});

describe('an interruption during a setup', () => {
  const setup = (from: string, to: string | null, pauses: Array<{ broken_on: string; restarted_on: string | null }> = []) => ({
    started_on: `2026/11/22 ${from}`,
    finished_on: to && `2026/11/22 ${to}`,
    setup_break_times: pauses.map((pause) => ({ ...pause, interruption_id: 2 })),
  });
  const pause = (from: string, to: string | null = null) => ({
    broken_on: `2026/11/22 ${from}`,
    restarted_on: to && `2026/11/22 ${to}`,
    interruption_id: 2,
  });
  const outcome = (record: Parameters<typeof validateRecordTimes>[0]) => {
    const checked = validateRecordTimes(record, tz);
    return checked.ok ? 'ok' : checked;
  };
  const refusedAt = (index: number, field: 'broken_on' | 'restarted_on') => ({
    ok: false,
    message: editMessages.breakInSetup,
    place: { row: { list: 'break_times', index }, field },
  });

  it('refuses 5 minutes of 機械故障 typed as 中断 inside a setup, which would count in 段取り時間 and 中断時間 both, and takes them as 段取り中断', () => {
    expect(outcome({ ...base, setup_times: [setup('08:00', '08:30')], break_times: [pause('08:10', '08:15')] })).toEqual(
      refusedAt(0, 'broken_on'),
    );
    expect(outcome({ ...base, setup_times: [setup('08:00', '08:30', [pause('08:10', '08:15')])] })).toBe('ok');
  });
  it('refuses one that runs into a setup at its end, and names the row among the interruptions', () => {
    const breaks = [pause('09:00', '09:10'), pause('09:50', '10:05')];
    expect(outcome({ ...base, setup_times: [setup('10:00', '10:30')], break_times: breaks })).toEqual(refusedAt(1, 'restarted_on'));
    expect(outcome({ ...base, setup_times: [setup('10:00', '10:30')], break_times: [pause('09:50', '11:00')] })).toEqual(
      refusedAt(0, 'restarted_on'),
    );
  });
  it('refuses one left open in a setup left open, either way round, on a record in progress', () => {
    const running = { ...base, finished_on: '' };
    expect(outcome({ ...running, setup_times: [setup('09:00', null)], break_times: [pause('09:30')] })).toEqual(refusedAt(0, 'broken_on'));
    expect(outcome({ ...running, setup_times: [setup('09:30', null)], break_times: [pause('09:00')] })).toEqual(
      refusedAt(0, 'restarted_on'),
    );
  });
  it('asks first for the end of a setup left open in a finished record', () => {
    expect(outcome({ ...base, setup_times: [setup('08:00', null)], break_times: [pause('10:00', '10:10')] })).toMatchObject({
      message: editMessages.openAfterFinish('段取り'),
    });
  });
  it('accepts what the floor records: 中断 as a setup ends, a setup as 中断 ends, in the same second, and 中断 before an open setup', () => {
    const setups = [setup('08:00', '08:30'), setup('08:40', '09:00')];
    expect(outcome({ ...base, setup_times: setups, break_times: [pause('08:30', '08:40')] })).toBe('ok');
    expect(outcome({ ...base, setup_times: [setup('08:30', '08:30')], break_times: [pause('08:30', '08:30')] })).toBe('ok');
    expect(outcome({ ...base, finished_on: '', setup_times: [setup('09:30', null)], break_times: [pause('09:00', '09:30')] })).toBe('ok');
  });
});

describe('a time in the future', () => {
  // 12:30 in Tokyo, on the day of `base`.
  const now = new Date('2026-11-22T03:30:00.000Z');
  const checked = (record: Parameters<typeof validateRecordTimes>[0]) => {
    const outcome = validateRecordTimes(record, tz, now);
    return outcome.ok ? 'ok' : outcome;
  };

  it('refuses 2027 typed for 2026 in a finish, which would have counted 作業時間 8761:27:00', () => {
    expect(checked({ ...base, finished_on: '2027/11/22 12:00' })).toEqual({
      ok: false,
      message: editMessages.inFuture('作業終了時間'),
      place: { field: 'finished_on' },
    });
    expect(checked({ ...base, finished_on: '2026/11/22 12:00' })).toBe('ok');
  });
  it('takes up to 5 minutes past the clock, for clocks that differ, and not a second more', () => {
    expect(checked({ ...base, finished_on: '2026/11/22 12:35:00' })).toBe('ok');
    expect(checked({ ...base, finished_on: '2026/11/22 12:35:01' })).toMatchObject({ message: editMessages.inFuture('作業終了時間') });
  });
  it.each([
    [{ started_on: '2026/11/23 08:00', finished_on: '' }, '作業開始時間', { field: 'started_on' }],
    [
      {
        break_times: [
          { broken_on: '2026/11/22 10:00', restarted_on: '2026/11/22 10:10', interruption_id: 1 },
          { broken_on: '2026/11/22 13:00', interruption_id: 1 },
        ],
      },
      '中断開始',
      { row: { list: 'break_times', index: 1 }, field: 'broken_on' },
    ],
    [
      { break_times: [{ broken_on: '2026/11/22 10:00', restarted_on: '2026/11/23 10:10', interruption_id: 1 }] },
      '中断終了',
      { row: { list: 'break_times', index: 0 }, field: 'restarted_on' },
    ],
    [{ setup_times: [{ started_on: '2026/11/23 08:00' }] }, '段取り開始', { row: { list: 'setup_times', index: 0 }, field: 'started_on' }],
    [
      { setup_times: [{ started_on: '2026/11/22 08:00', finished_on: '2027/11/22 08:30' }] },
      '段取り終了',
      { row: { list: 'setup_times', index: 0 }, field: 'finished_on' },
    ],
    [
      { setup_times: [{ started_on: '2026/11/22 08:00', setup_break_times: [{ broken_on: '2026/11/23 08:10', interruption_id: 1 }] }] },
      '段取り中断開始',
      { row: { list: 'setup_break_times', setup: 0, index: 0 }, field: 'broken_on' },
    ],
    [
      {
        setup_times: [
          {
            started_on: '2026/11/22 08:00',
            setup_break_times: [{ broken_on: '2026/11/22 08:10', restarted_on: '2026/11/23 08:15', interruption_id: 1 }],
          },
        ],
      },
      '段取り中断終了',
      { row: { list: 'setup_break_times', setup: 0, index: 0 }, field: 'restarted_on' },
    ],
    [{ nowork_times: [{ started_on: '2026/11/23 17:00' }] }, '終業時間', { row: { list: 'nowork_times', index: 0 }, field: 'started_on' }],
    [
      { nowork_times: [{ started_on: '2026/11/22 09:00', finished_on: '2026/11/23 08:00' }] },
      '始業時間',
      { row: { list: 'nowork_times', index: 0 }, field: 'finished_on' },
    ],
  ])('names the field of a time in the future: %j', (change, label, place) => {
    expect(checked({ ...base, ...change })).toEqual({ ok: false, message: editMessages.inFuture(label), place });
  });
  it('leaves the open ends of a record in progress alone: they are now', () => {
    const running = {
      ...base,
      finished_on: '',
      setup_times: [{ started_on: '2026/11/22 12:00', setup_break_times: [{ broken_on: '2026/11/22 12:20', interruption_id: 1 }] }],
      nowork_times: [{ started_on: '2026/11/22 12:25' }],
    };
    expect(checked(running)).toBe('ok');
  });
  it('names a time in the wrong form first, wherever it is', () => {
    expect(checked({ ...base, started_on: '2027/11/22 08:00', finished_on: '12時' })).toMatchObject({
      message: editMessages.badTime('作業終了時間'),
    });
  });
});

describe('終業 periods in the editor', () => {
  const running = { ...base, finished_on: '' };
  const nowork = (started_on: string, finished_on = '') => ({ id: null, started_on, finished_on });

  it('asks for the 終業 time after the required times of the other tables', () => {
    expect(message({ ...base, nowork_times: [nowork('')] })).toBe(editMessages.noworkStartRequired);
    expect(message({ ...base, setup_times: [{ started_on: '' }], nowork_times: [nowork('')] })).toBe(editMessages.setupStartRequired);
  });
  it('names the 終業 and 始業 times in the wrong form', () => {
    expect(message({ ...base, nowork_times: [nowork('夕方')] })).toBe(editMessages.badTime('終業時間'));
    expect(message({ ...base, nowork_times: [nowork('2026/11/22 09:00', '翌朝')] })).toBe(editMessages.badTime('始業時間'));
  });
  it('wants 始業 not before 終業, inside the record, and no two stops at once', () => {
    expect(message({ ...base, nowork_times: [nowork('2026/11/22 10:00', '2026/11/22 09:00')] })).toBe(editMessages.noworkEndBeforeStart);
    expect(message({ ...base, nowork_times: [nowork('2026/11/22 11:00', '2026/11/22 13:00')] })).toBe(editMessages.outsideRecord('終業'));
    expect(message({ ...base, nowork_times: [nowork('2026/11/22 07:00', '2026/11/22 09:00')] })).toBe(editMessages.outsideRecord('終業'));
    expect(
      message({ ...base, nowork_times: [nowork('2026/11/22 09:00', '2026/11/22 10:00'), nowork('2026/11/22 09:30', '2026/11/22 11:00')] }),
    ).toBe(editMessages.overlap('終業'));
    expect(
      message({ ...base, nowork_times: [nowork('2026/11/22 09:00', '2026/11/22 10:00'), nowork('2026/11/22 10:00', '2026/11/22 11:00')] }),
    ).toBe('ok');
  });
  it('allows an open 終業 only on a record in progress, and only the last one', () => {
    expect(message({ ...base, nowork_times: [nowork('2026/11/22 11:00')] })).toBe(editMessages.noworkOpenAfterFinish);
    expect(message({ ...running, nowork_times: [nowork('2026/11/22 09:00', '2026/11/22 10:00'), nowork('2026/11/22 11:00')] })).toBe('ok');
    expect(message({ ...running, nowork_times: [nowork('2026/11/22 09:00'), nowork('2026/11/22 11:00', '2026/11/22 12:00')] })).toBe(
      editMessages.overlap('終業'),
    );
    expect(message({ ...running, nowork_times: [nowork('2026/11/22 09:00'), nowork('2026/11/22 11:00')] })).toBe(
      editMessages.overlap('終業'),
    );
  });
  it('keeps an interruption open across the night, as the floor records it', () => {
    expect(
      message({
        ...running,
        break_times: [{ broken_on: '2026/11/22 09:00', interruption_id: 1 }],
        nowork_times: [nowork('2026/11/22 10:00')],
      }),
    ).toBe('ok');
  });
  it('gives the stops in UTC with their ids', () => {
    const outcome = validateRecordTimes(
      { ...base, nowork_times: [{ id: 7, started_on: '2026/11/22 09:00', finished_on: '2026/11/22 10:30:15' }] },
      tz,
    );
    expect(outcome).toMatchObject({
      ok: true,
      times: { nowork_times: [{ id: 7, start: '2026-11-22T00:00:00.000Z', end: '2026-11-22T01:30:15.000Z' }] },
    });
  });
});

describe('where a refused correction’s problem is', () => {
  const placeOf = (record: Parameters<typeof validateRecordTimes>[0]) => {
    const outcome = validateRecordTimes(record, tz);
    return outcome.ok ? 'ok' : outcome.place;
  };
  const pause = (from: string, to: string | null = null, interruption_id: number | null = 1) => ({
    broken_on: `2026/11/22 ${from}`,
    restarted_on: to && `2026/11/22 ${to}`,
    interruption_id,
  });

  it('names a field of the record itself', () => {
    expect(placeOf({ ...base, started_on: '' })).toEqual({ field: 'started_on' });
    expect(placeOf({ ...base, finished_on: '12時' })).toEqual({ field: 'finished_on' });
    expect(placeOf({ ...base, finished_on: '2026/11/22 07:00' })).toEqual({ field: 'finished_on' });
  });

  it('names the row and the field of a list, counting from 0', () => {
    const breaks = [pause('09:00', '09:10'), pause('10:00', '09:50')];
    expect(placeOf({ ...base, break_times: breaks })).toEqual({ row: { list: 'break_times', index: 1 }, field: 'restarted_on' });
    expect(placeOf({ ...base, break_times: [pause('09:00', '09:10'), pause('10:00', '10:10', null)] })).toEqual({
      row: { list: 'break_times', index: 1 },
      field: 'interruption_id',
    });
    // Of two that overlap, the one that starts later: the earlier is read as right.
    expect(placeOf({ ...base, break_times: [pause('10:00', '10:30'), pause('09:00', '09:10'), pause('10:20', '10:40')] })).toEqual({
      row: { list: 'break_times', index: 2 },
      field: 'broken_on',
    });
    expect(placeOf({ ...base, nowork_times: [{ started_on: '2026/11/22 13:00', finished_on: '2026/11/22 13:30' }] })).toEqual({
      row: { list: 'nowork_times', index: 0 },
      field: 'started_on',
    });
    // Started within the record and ended after it: the end is what is wrong.
    expect(placeOf({ ...base, break_times: [pause('11:00', '12:30')] })).toEqual({
      row: { list: 'break_times', index: 0 },
      field: 'restarted_on',
    });
  });

  it('names a setup interruption by its setup and its place among that setup’s', () => {
    const setup = (from: string, to: string, pauses: ReturnType<typeof pause>[]) => ({
      started_on: `2026/11/22 ${from}`,
      finished_on: `2026/11/22 ${to}`,
      setup_break_times: pauses,
    });
    const setups = [setup('08:00', '08:30', []), setup('09:00', '09:30', [pause('09:05', '09:10'), pause('09:40', '09:45')])];
    expect(placeOf({ ...base, setup_times: setups })).toEqual({
      row: { list: 'setup_break_times', setup: 1, index: 1 },
      field: 'broken_on',
    });
    // Started within its setup, ended after it, or left open in a closed setup: the end.
    for (const late of [pause('09:25', '09:40'), pause('09:25')]) {
      expect(placeOf({ ...base, setup_times: [setup('09:00', '09:30', [late])] })).toEqual({
        row: { list: 'setup_break_times', setup: 0, index: 0 },
        field: 'restarted_on',
      });
    }
    expect(placeOf({ ...base, setup_times: [setup('08:00', '08:30', []), setup('09:00', '08:50', [])] })).toEqual({
      row: { list: 'setup_times', index: 1 },
      field: 'finished_on',
    });
  });
});

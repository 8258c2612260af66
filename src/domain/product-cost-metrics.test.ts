import { describe, expect, it, vi } from 'vitest';
import {
  countValue,
  decimalHours,
  defectiveRate,
  formatDuration,
  formatDurationToSecond,
  formatCount,
  formatRate,
  formatShownDuration,
  heldSince,
  recordDurations,
  totalDefective,
  workedTimeRuns,
  workingRate,
  type RecordTimes,
} from './product-cost-metrics.ts';
import { WorkState } from './work-state.ts';

const minutes = (n: number) => n * 60_000;

describe('defects (docs/PRODUCT.md#defects)', () => {
  it('adds the four defect counts, empty as 0', () => {
    expect(totalDefective({ wound: 3, size: '2', miss: '', other: null })).toBe(5);
    expect(totalDefective({})).toBe(0);
  });
  it('rates defects against the good count with one decimal', () => {
    expect(defectiveRate({ superior: 300, wound: 1 })).toBe(0.3);
    expect(defectiveRate({ superior: 3, wound: 1 })).toBe(33.3);
    expect(defectiveRate({ superior: 8, wound: 1 })).toBe(12.5);
    expect(defectiveRate({ superior: 1000, wound: 1, size: 1, miss: 1, other: 2 })).toBe(0.5);
  });
  it('is 0 when the good count is empty or 0', () => {
    expect(defectiveRate({ superior: 0, wound: 5 })).toBe(0);
    expect(defectiveRate({ superior: '', wound: 5 })).toBe(0);
    expect(defectiveRate({ wound: 5 })).toBe(0);
  });
  it('reads counts typed as text', () => {
    expect(countValue(' 12 ')).toBe(12);
    expect(countValue('abc')).toBe(0);
  });
});

describe('durations (docs/PRODUCT.md#durations)', () => {
  it('computes a plain day: worked, interruption, setup, rate', () => {
    const record: RecordTimes = {
      started_on: '2026-11-20T00:00:00.000Z',
      finished_on: '2026-11-20T02:00:00.000Z',
      break_times: [{ broken_on: '2026-11-20T01:00:00.000Z', restarted_on: '2026-11-20T01:15:00.000Z' }],
      setup_times: [{ started_on: '2026-11-20T00:00:00.000Z', finished_on: '2026-11-20T00:20:00.000Z', setup_break_times: [] }],
      nowork_times: [],
    };
    expect(recordDurations(record, new Date())).toEqual({
      worked: minutes(120),
      interruption: minutes(15),
      setup: minutes(20),
      workingRate: 87.5,
    });
  });

  it('leaves out the night of a record with an end-of-day period', () => {
    // 16:00–17:30 JST, stop overnight, 08:30–10:00 JST next day: 3 hours of work.
    const record: RecordTimes = {
      started_on: '2026-11-20T07:00:00.000Z',
      finished_on: '2026-11-21T01:00:00.000Z',
      break_times: [{ broken_on: '2026-11-21T00:00:00.000Z', restarted_on: '2026-11-21T00:30:00.000Z' }],
      setup_times: [],
      nowork_times: [{ started_on: '2026-11-20T08:30:00.000Z', finished_on: '2026-11-20T23:30:00.000Z' }],
    };
    const durations = recordDurations(record, new Date());
    expect(durations.worked).toBe(minutes(180));
    expect(durations.interruption).toBe(minutes(30));
    expect(durations.workingRate).toBe(83.3);
  });

  it('leaves out of an interruption left open overnight the end-of-day time it covers', () => {
    const record: RecordTimes = {
      started_on: '2026-11-20T07:00:00.000Z',
      finished_on: '2026-11-21T01:00:00.000Z',
      break_times: [{ broken_on: '2026-11-20T08:00:00.000Z', restarted_on: '2026-11-20T23:45:00.000Z' }],
      setup_times: [],
      nowork_times: [{ started_on: '2026-11-20T08:30:00.000Z', finished_on: '2026-11-20T23:30:00.000Z' }],
    };
    expect(recordDurations(record, new Date()).interruption).toBe(minutes(30 + 15));
  });

  it('subtracts nested setup interruptions from setup time and counts them as interruptions', () => {
    const record: RecordTimes = {
      started_on: '2026-11-20T00:00:00.000Z',
      finished_on: '2026-11-20T04:00:00.000Z',
      break_times: [],
      setup_times: [
        {
          started_on: '2026-11-20T00:00:00.000Z',
          finished_on: '2026-11-20T01:00:00.000Z',
          setup_break_times: [
            { broken_on: '2026-11-20T00:10:00.000Z', restarted_on: '2026-11-20T00:20:00.000Z' },
            { broken_on: '2026-11-20T00:30:00.000Z', restarted_on: '2026-11-20T00:35:00.000Z' },
          ],
        },
        { started_on: '2026-11-20T02:00:00.000Z', finished_on: '2026-11-20T02:30:00.000Z', setup_break_times: [] },
      ],
      nowork_times: [],
    };
    const durations = recordDurations(record, new Date());
    expect(durations.setup).toBe(minutes(60 - 15 + 30));
    expect(durations.interruption).toBe(minutes(15));
    expect(durations.workingRate).toBe(93.8);
  });

  it('ends open periods now for a record in progress', () => {
    const now = new Date('2026-11-20T01:00:00.000Z');
    const record: RecordTimes = {
      started_on: '2026-11-20T00:00:00.000Z',
      finished_on: null,
      break_times: [{ broken_on: '2026-11-20T00:40:00.000Z', restarted_on: null }],
      setup_times: [],
      nowork_times: [],
    };
    expect(recordDurations(record, now)).toMatchObject({ worked: minutes(60), interruption: minutes(20), workingRate: 66.7 });
  });

  it('never answers a negative duration, even for an end before its start', () => {
    const record: RecordTimes = {
      started_on: '2026-11-20T02:00:00.000Z',
      finished_on: '2026-11-20T01:00:00.000Z',
      break_times: [{ broken_on: '2026-11-20T02:30:00.000Z', restarted_on: '2026-11-20T02:10:00.000Z' }],
      setup_times: [],
      nowork_times: [],
    };
    const durations = recordDurations(record, new Date());
    expect(durations).toEqual({ worked: 0, interruption: 0, setup: 0, workingRate: 0 });
  });

  it('rates 0 when nothing was worked', () => {
    expect(workingRate(0, 0)).toBe(0);
  });
});

describe('formats', () => {
  it('shows durations as H:MM with hours past 24', () => {
    expect(formatDuration(minutes(5))).toBe('0:05');
    expect(formatDuration(minutes(125))).toBe('2:05');
    expect(formatDuration(minutes(26 * 60 + 1) + 59_000)).toBe('26:01');
    expect(formatDuration(-5)).toBe('0:00');
  });
  it('gives durations to the second as H:MM:SS, parts of a second dropped', () => {
    expect(formatDurationToSecond(0)).toBe('0:00:00');
    expect(formatDurationToSecond(42_999)).toBe('0:00:42');
    expect(formatDurationToSecond(minutes(125) + 7_000)).toBe('2:05:07');
    expect(formatDurationToSecond(minutes(26 * 60 + 1) + 59_000)).toBe('26:01:59');
    expect(formatDurationToSecond(-5)).toBe('0:00:00');
  });
  it('shows seconds only where H:MM would read 0:00 for something that lasted', () => {
    expect(formatShownDuration(42_000)).toBe('0:00:42');
    expect(formatShownDuration(1_000)).toBe('0:00:01');
    expect(formatShownDuration(999)).toBe('0:00');
    expect(formatShownDuration(0)).toBe('0:00');
    expect(formatShownDuration(60_000)).toBe('0:01');
    expect(formatShownDuration(minutes(90) + 42_000)).toBe('1:30');
  });
  it('keeps a short job’s durations in step with its working rate', () => {
    // 32 seconds worked, 10 of them interrupted: 68.8% that must not read beside 0:00 and 0:00.
    const durations = recordDurations(
      {
        started_on: '2026-11-20T00:00:00.000Z',
        finished_on: '2026-11-20T00:00:32.000Z',
        break_times: [{ broken_on: '2026-11-20T00:00:05.000Z', restarted_on: '2026-11-20T00:00:15.000Z' }],
        setup_times: [],
        nowork_times: [],
      },
      new Date('2026-11-20T01:00:00.000Z'),
    );
    expect([formatShownDuration(durations.worked), formatShownDuration(durations.interruption), formatRate(durations.workingRate)]).toEqual(
      ['0:00:32', '0:00:10', '68.8%'],
    );
  });
  it('gives decimal hours for spreadsheets', () => {
    expect(decimalHours(minutes(90))).toBe(1.5);
    expect(decimalHours(minutes(20))).toBe(0.33);
  });
  it('shows rates with one decimal and a percent sign', () => {
    expect(formatRate(87.5)).toBe('87.5%');
    expect([0, 999, 12_000, 1_234_567].map(formatCount)).toEqual(['0', '999', '12,000', '1,234,567']);
    expect(formatRate(100)).toBe('100.0%');
  });
  it('groups counts as the Japanese number format does, without loading it for whole numbers', () => {
    const counts = [0, 1, -1, 12, 123, 1_000, -1_000, 99_999, 100_000, 1_234_567, -9_876_543_210, Number.MAX_SAFE_INTEGER];
    const others = [0.5, 1_234.5678, -0.25, Number.MAX_SAFE_INTEGER + 2, 1e21, Number.NaN, Number.POSITIVE_INFINITY];
    const byLocale = (values: number[]) => values.map((value) => value.toLocaleString('ja-JP'));
    const expected = byLocale(counts);
    const localeFormat = vi.spyOn(Number.prototype, 'toLocaleString');
    try {
      expect(counts.map(formatCount)).toEqual(expected);
      // The work screen's counts are whole numbers: its first drawing loads no locale's number format.
      expect(localeFormat).not.toHaveBeenCalled();
    } finally {
      localeFormat.mockRestore();
    }
    expect(others.map(formatCount)).toEqual(byLocale(others));
    expect(formatCount(-0)).toBe('0');
  });
});

describe('workedTimeRuns', () => {
  const start = '2026-11-24T00:00:00.000Z';
  const open = { started_on: start, finished_on: null, break_times: [], setup_times: [], nowork_times: [] };
  const openSetup = { started_on: start, finished_on: null, setup_break_times: [] };
  const inState: Record<Exclude<WorkState, typeof WorkState.Finished>, RecordTimes> = {
    [WorkState.Working]: open,
    [WorkState.SettingUp]: { ...open, setup_times: [openSetup] },
    [WorkState.SetupInterrupted]: {
      ...open,
      setup_times: [{ ...openSetup, setup_break_times: [{ broken_on: start, restarted_on: null }] }],
    },
    [WorkState.WorkInterrupted]: { ...open, break_times: [{ broken_on: start, restarted_on: null }] },
    [WorkState.EndOfDay]: { ...open, nowork_times: [{ started_on: start, finished_on: null }] },
  };

  it('says the worked time grows in every state in progress but 終業, as recordDurations counts it', () => {
    const now = new Date('2026-11-24T01:00:00.000Z');
    const aMinuteLater = new Date(now.getTime() + minutes(1));
    for (const [state, record] of Object.entries(inState)) {
      const grown = recordDurations(record, aMinuteLater).worked - recordDurations(record, now).worked;
      expect([state, workedTimeRuns(Number(state) as WorkState)]).toEqual([state, grown === minutes(1)]);
    }
    expect(workedTimeRuns(WorkState.EndOfDay)).toBe(false);
    expect(workedTimeRuns(WorkState.SetupInterrupted)).toBe(true);
  });
});

describe('heldSince (この状態)', () => {
  const none = { nowork: null, workBreak: null, setupBreak: null, setup: null };
  it('is null in 作業中: nothing open holds the state', () => {
    expect(heldSince(none)).toBeNull();
  });
  it('is the setup’s start while 段取り中, and its interruption’s while 段取り中断', () => {
    expect(heldSince({ ...none, setup: '09:00' })).toBe('09:00');
    expect(heldSince({ ...none, setup: '09:00', setupBreak: '09:40' })).toBe('09:40');
  });
  it('is the interruption’s start while 作業中断, and 終業’s over whatever stays open under it', () => {
    expect(heldSince({ ...none, workBreak: 1_000 })).toBe(1_000);
    expect(heldSince({ ...none, workBreak: 1_000, nowork: 5_000 })).toBe(5_000);
    expect(heldSince({ nowork: 7, workBreak: null, setupBreak: 6, setup: 5 })).toBe(7);
  });
  it('takes a start at 0 (the epoch) as a start, not as none', () => {
    expect(heldSince({ ...none, setup: 0 })).toBe(0);
  });
});

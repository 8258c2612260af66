import { describe, expect, it } from 'vitest';
import {
  addTotals,
  analyticFigures,
  costPerGood,
  emptyTotals,
  idealSeconds,
  plannedProductionSeconds,
  recordCost,
  runSeconds,
  stopSeconds,
  stopTimes,
  weekName,
  weekOf,
  yenFor,
  type AnalyticTimes,
  type AnalyticTotals,
  type StopCategory,
} from './analytics.ts';
import { recordDurations } from './product-cost-metrics.ts';
import { rateOn } from './rates.ts';

/** 打ち合わせ (3) and 清掃 (4) are planned, the other default reasons unplanned. */
const categoryOf = (id: number): StopCategory => (id === 3 || id === 4 ? 'planned' : 'unplanned');
const at = (time: string) => `2026-11-24T${time}:00.000Z`;

/**
 * 09:00–12:00 with an end-of-day period 10:00–10:30; a setup 09:00–09:30 interrupted 5 minutes for
 * a meeting (planned) and 2 minutes waiting for paper (unplanned); a breakdown of 20 minutes
 * (unplanned) and cleaning of 10 minutes (planned).
 */
const record: AnalyticTimes = {
  started_on: at('09:00'),
  finished_on: at('12:00'),
  setup_times: [
    {
      started_on: at('09:00'),
      finished_on: at('09:30'),
      setup_break_times: [
        { broken_on: at('09:10'), restarted_on: at('09:15'), interruption_id: 3 },
        { broken_on: at('09:20'), restarted_on: at('09:22'), interruption_id: 1 },
      ],
    },
  ],
  break_times: [
    { broken_on: at('11:00'), restarted_on: at('11:20'), interruption_id: 2 },
    { broken_on: at('11:30'), restarted_on: at('11:40'), interruption_id: 4 },
  ],
  nowork_times: [{ started_on: at('10:00'), finished_on: at('10:30') }],
};
const now = new Date(at('12:00'));

/** The worked example of docs/PRODUCT.md#analytics as seconds. */
function exampleSeconds() {
  const durations = recordDurations(record, now);
  const { planned, unplanned } = stopSeconds(stopTimes(record, now), categoryOf);
  return { worked: durations.worked / 1000, setup: durations.setup / 1000, planned_stop: planned, unplanned_stop: unplanned };
}

describe('one record', () => {
  it('classes work and setup interruptions by their reason, end-of-day time excluded', () => {
    expect(stopTimes(record, now).sort((a, b) => a.interruption_id - b.interruption_id)).toEqual([
      { interruption_id: 1, seconds: 120, count: 1 },
      { interruption_id: 2, seconds: 1200, count: 1 },
      { interruption_id: 3, seconds: 300, count: 1 },
      { interruption_id: 4, seconds: 600, count: 1 },
    ]);
    // W = 3 h − 30 min end of day; setup = 30 min − its 7 minutes of interruptions.
    expect(exampleSeconds()).toEqual({ worked: 9000, setup: 1380, planned_stop: 900, unplanned_stop: 1320 });
  });

  it('gives PPT = W − planned stop and run = PPT − unplanned stop − setup', () => {
    const seconds = exampleSeconds();
    expect(plannedProductionSeconds(seconds)).toBe(8100);
    expect(runSeconds(seconds)).toBe(5400);
  });

  it('counts an interruption during an end-of-day period only outside it', () => {
    const overnight: AnalyticTimes = {
      ...record,
      setup_times: [],
      break_times: [{ broken_on: at('09:50'), restarted_on: at('10:40'), interruption_id: 2 }],
    };
    expect(stopTimes(overnight, now)).toEqual([{ interruption_id: 2, seconds: 1200, count: 1 }]);
  });

  it('counts an open interruption of a record in progress up to now', () => {
    const open: AnalyticTimes = {
      ...record,
      finished_on: null,
      setup_times: [],
      nowork_times: [],
      break_times: [{ broken_on: at('11:00'), restarted_on: null, interruption_id: 3 }],
    };
    expect(stopSeconds(stopTimes(open, new Date(at('11:45'))), categoryOf)).toEqual({ planned: 2700, unplanned: 0 });
  });

  it('works out ideal seconds only with a standard speed', () => {
    expect(idealSeconds(900, 100, 1000)).toBe(3600);
    expect(idealSeconds(900, 100, null)).toBeNull();
  });

  it('costs PPT hours at the machine rate and at each worker rate, half up once per record', () => {
    // 8100 s × 3000 円/h = 6750 円; 8100 s × (1500 + 1333) 円/h = 6374.25 円 → 6374 円.
    expect(recordCost(8100, 3000, [1500, 1333])).toEqual({
      machine_cost: 6750,
      labour_cost: 6374,
      machine_rate_missing: false,
      labour_rate_missing: false,
    });
    expect(yenFor(1, 1800)).toBe(1);
    expect(yenFor(1, 1799)).toBe(0);
  });

  it('costs a missing rate as 0 yen and says it is missing; a record without a machine misses none', () => {
    expect(recordCost(3600, null, [1000, null])).toEqual({
      machine_cost: 0,
      labour_cost: 1000,
      machine_rate_missing: true,
      labour_rate_missing: true,
    });
    expect(recordCost(3600, undefined, [])).toMatchObject({ machine_cost: 0, machine_rate_missing: false, labour_rate_missing: false });
  });
});

describe('costs with rates that change', () => {
  const rates = [
    { valid_from: '2026-10-01', yen_per_hour: 1200 },
    { valid_from: '2026-04-01', yen_per_hour: 1000 },
  ];
  it('costs two records of a range that a rate change splits each at its own rate', () => {
    const september = recordCost(3600, rateOn(rates, '2026-09-30'), []);
    const october = recordCost(3600, rateOn(rates, '2026-10-01'), []);
    expect(september.machine_cost + october.machine_cost).toBe(2200);
  });
});

const totals = (overrides: Partial<AnalyticTotals>): AnalyticTotals => ({ ...emptyTotals, jobs: 1, finished_jobs: 1, ...overrides });

describe('aggregates', () => {
  const example = totals({
    worked_seconds: 9000,
    man_seconds: 18000,
    setup_seconds: 1380,
    planned_stop_seconds: 900,
    unplanned_stop_seconds: 1320,
    good: 900,
    defective: 100,
    ideal_seconds: 3600,
    standard_run_seconds: 5400,
    standard_jobs: 1,
    machine_cost: 6750,
    labour_cost: 6374,
  });

  it('gives the worked example: availability, performance, quality and OEE to one decimal', () => {
    expect(analyticFigures(example)).toEqual({
      run_seconds: 5400,
      defective_rate: 11.1,
      // (9000 − 900 − 1320) ÷ 9000
      working_rate: 75.3,
      availability: 66.7,
      performance: 66.7,
      quality: 90,
      oee: 40,
      cost: 13124,
      cost_per_good: 14.58,
    });
  });

  it('has no performance and no OEE when no record has a standard', () => {
    const figures = analyticFigures({ ...example, ideal_seconds: 0, standard_run_seconds: 0, standard_jobs: 0 });
    expect(figures.performance).toBeNull();
    expect(figures.oee).toBeNull();
    expect(figures.availability).toBe(66.7);
  });

  it('gives quality 0, defective rate 0 and no cost per good sheet without a good sheet', () => {
    const figures = analyticFigures({ ...example, good: 0, defective: 5 });
    expect(figures.quality).toBe(0);
    expect(figures.oee).toBe(0);
    expect(figures.defective_rate).toBe(0);
    expect(figures.cost_per_good).toBeNull();
  });

  it('divides sums, never averages ratios', () => {
    // One record runs its whole 100 s, the other none of its 900 s: 100 ÷ 1000, not (100% + 0%) ÷ 2.
    const a = totals({ worked_seconds: 100 });
    const b = totals({ worked_seconds: 900, unplanned_stop_seconds: 900 });
    expect(analyticFigures(addTotals(a, b)).availability).toBe(10);
  });

  it('measures performance over the records with a standard only', () => {
    const withStandard = totals({ worked_seconds: 1000, ideal_seconds: 500, standard_run_seconds: 1000, standard_jobs: 1 });
    const without = totals({ worked_seconds: 3000 });
    expect(analyticFigures(addTotals(withStandard, without)).performance).toBe(50);
  });

  it('has no ratio of nothing', () => {
    expect(analyticFigures(emptyTotals)).toMatchObject({
      availability: null,
      quality: null,
      performance: null,
      oee: null,
      working_rate: 0,
    });
  });

  it('gives cost per good sheet with two decimals', () => {
    expect(costPerGood(1000, 3)).toBe(333.33);
    expect(costPerGood(2, 3)).toBe(0.67);
  });
});

describe('periods', () => {
  it('starts weeks on Monday', () => {
    expect(weekOf('2026-11-23')).toBe('2026-11-23');
    expect(weekOf('2026-11-29')).toBe('2026-11-23');
    expect(weekOf('2026-11-30')).toBe('2026-11-30');
    expect(weekOf('2027-01-01')).toBe('2026-12-28');
  });

  describe('weekName', () => {
    const october = { from: '2026-10-01', to: '2026-10-31' };
    it('names a week by its days in the range, a week the range cuts by the part it holds', () => {
      expect(weekName('2026-09-28', october)).toBe('2026/10/01〜10/04');
      expect(weekName('2026-10-05', october)).toBe('2026/10/05〜10/11');
      expect(weekName('2026-10-26', october)).toBe('2026/10/26〜10/31');
      expect(weekName('2026-11-23', { from: '2026-11-21', to: '2026-11-23' })).toBe('2026/11/23');
    });

    it('keeps the last day’s year when it is another year’s', () => {
      expect(weekName('2026-12-28', { from: '2026-12-01', to: '2027-01-31' })).toBe('2026/12/28〜2027/01/03');
    });
  });
});

import { describe, expect, it } from 'vitest';
import { sortFor, viewFromSearch, viewQuery } from './analytics-view.ts';

const firstView = { sort: '-work_date', page: 1, stop: null, by: { oee: 'machine', cost: 'company', defects: 'machine', trend: 'day' } };

describe('the view in the address', () => {
  it('reads 作業別原価’s order and page and the breakdowns’ units, and writes back only what differs from the first view', () => {
    const search = new URLSearchParams('sort=oee&page=3&cost=paper_size&defects=employee&trend=week');
    const view = viewFromSearch(search);
    expect(view).toEqual({
      sort: 'oee',
      page: 3,
      stop: null,
      by: { oee: 'machine', cost: 'paper_size', defects: 'employee', trend: 'week' },
    });
    expect(viewQuery(view)).toEqual({ sort: 'oee', page: '3', cost: 'paper_size', defects: 'employee', trend: 'week' });
    expect(viewQuery(viewFromSearch(new URLSearchParams()))).toEqual({});
  });

  it('reads every order 作業別原価’s headers give, 停止 (stop time) among them', () => {
    for (const sort of ['stop_seconds', '-stop_seconds']) expect(viewFromSearch(new URLSearchParams({ sort })).sort).toBe(sort);
  });

  it('reads the stop reason 作業別原価 is narrowed to, and the order by its time only while there is one', () => {
    const view = viewFromSearch(new URLSearchParams('stop=2&sort=-reason_seconds'));
    expect(view).toMatchObject({ stop: 2, sort: '-reason_seconds' });
    expect(viewQuery(view)).toEqual({ stop: '2', sort: '-reason_seconds' });
    // Without a reason, every job's time for one is the same: the first order instead.
    expect(viewFromSearch(new URLSearchParams('sort=reason_seconds'))).toEqual(firstView);
    expect(sortFor('-reason_seconds', null)).toBe('-work_date');
    expect(sortFor('-cost', null)).toBe('-cost');
    for (const wrong of ['stop=0', 'stop=-2', 'stop=2.5', 'stop=abc', 'stop=', 'stop=9999999999'])
      expect(viewFromSearch(new URLSearchParams(wrong)).stop, wrong).toBeNull();
  });

  it('shows what the address names wrongly as at first, rather than asking the server for it', () => {
    for (const wrong of [
      'sort=-price&page=0&defects=week&trend=machine',
      'sort=&page=2.5&oee=employee&cost=machine',
      'page=-1&defects=',
      'page=abc',
    ])
      expect(viewFromSearch(new URLSearchParams(wrong)), wrong).toEqual(firstView);
  });
});

import { describe, expect, it } from 'vitest';
import { pathTo, routePaths } from './route-paths.ts';

describe('the named route table', () => {
  it('gives company.show and interruption.show a real id parameter (docs/DECISIONS.md#web-client)', () => {
    expect(pathTo('company.show', { company_id: 7 })).toBe('/company/show/7');
    expect(pathTo('interruption.show', { interruption_id: 5 })).toBe('/interruption/show/5');
  });

  it('fills parameters and refuses a missing one', () => {
    expect(pathTo('product_cost.resume', { product_cost_id: 12 })).toBe('/product_cost/resume/12');
    expect(() => pathTo('machine.show')).toThrow('machine_id');
    expect(pathTo('home')).toBe('/');
  });

  it('holds every route of docs/PRODUCT.md#routes', () => {
    expect(Object.keys(routePaths)).toEqual(
      expect.arrayContaining([
        'home',
        'product_cost',
        'product_cost.create',
        'product_cost.resume',
        'product_cost.show',
        'setting',
        'machine',
        'machine.create',
        'machine.show',
        'employee',
        'employee.create',
        'employee.show',
        'company',
        'company.create',
        'company.show',
        'interruption',
        'interruption.create',
        'interruption.show',
      ]),
    );
  });
});

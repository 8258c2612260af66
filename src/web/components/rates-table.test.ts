import { describe, expect, it } from 'vitest';
import { ratesSchema } from '../../domain/rates.ts';
import { fromRateRows, rateCellOf, toRateRows } from './RatesTable.tsx';

describe('rate rows', () => {
  it('hold the yen as text and send it as the number typed', () => {
    const rows = toRateRows([{ valid_from: '2026-04-01', yen_per_hour: 3000 }]);
    expect(rows).toEqual([{ valid_from: '2026-04-01', yen_per_hour: '3000' }]);
    expect(
      fromRateRows([
        ...rows,
        { valid_from: '2026-10-01', yen_per_hour: ' 4500 ' },
        { valid_from: '2027-04-01', yen_per_hour: '５，０００' },
      ]),
    ).toEqual([
      { valid_from: '2026-04-01', yen_per_hour: 3000 },
      { valid_from: '2026-10-01', yen_per_hour: 4500 },
      { valid_from: '2027-04-01', yen_per_hour: 5000 },
    ]);
  });

  it('send an empty yen as a number the schema refuses', () => {
    const sent = fromRateRows([{ valid_from: '2026-04-01', yen_per_hour: '' }]);
    expect(ratesSchema.safeParse(sent).success).toBe(false);
  });
});

describe('rateCellOf', () => {
  it('points at the cell of the first broken rate', () => {
    const refused = ratesSchema.safeParse(
      fromRateRows([
        { valid_from: '2026-04-01', yen_per_hour: '1' },
        { valid_from: '2026-04-01', yen_per_hour: '2' },
      ]),
    );
    expect(rateCellOf(['rates', ...refused.error!.issues[0]!.path])).toEqual({ index: 1, field: 'valid_from' });
    expect(rateCellOf(['rates', 0, 'yen_per_hour'])).toEqual({ index: 0, field: 'yen_per_hour' });
  });

  it('is none for an issue outside the rates', () => {
    expect(rateCellOf(['name'])).toBeNull();
    expect(rateCellOf(['rates'])).toBeNull();
  });
});

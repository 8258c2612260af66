import { Alert, Stack, Text } from '@mantine/core';
import type { ScreenFilter } from './analytics-filters.ts';
import { useMissingRates } from './analytics-queries.ts';
import { MissingRateOwners } from './MissingRateOwners.tsx';

/**
 * How many of the range's jobs were costed at 0 円 for want of a rate, and whose rate it was: each
 * machine and worker named with a link to the form where the rate is added.
 */
export function MissingRatesNote({ filter, jobs }: { filter: ScreenFilter; jobs: number }) {
  const missing = useMissingRates(filter, jobs > 0);
  if (jobs === 0) return null;
  return (
    <Alert color="yellow">
      <Stack gap={4}>
        <Text size="sm">{`単価が登録されていない作業が${jobs}件あります（その分の原価は0円で計算しています）。`}</Text>
        {missing.data && <MissingRateOwners missing={missing.data} />}
      </Stack>
    </Alert>
  );
}

import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { pathTo } from '../../route-paths.ts';
import type { ScreenFilter } from './analytics-filters.ts';
import { useMissingRates } from './analytics-queries.ts';

/**
 * How many of the range's jobs were costed at 0 円 for want of a rate, and whose rate it was: each
 * machine and worker named with a link to the form where the rate is added.
 */
export function MissingRatesNote({ filter, jobs }: { filter: ScreenFilter; jobs: number }) {
  const missing = useMissingRates(filter, jobs > 0);
  if (jobs === 0) return null;
  const named = missing.data;
  return (
    <Alert color="yellow">
      <Stack gap={4}>
        <Text size="sm">{`単価が登録されていない作業が${jobs}件あります（その分の原価は0円で計算しています）。`}</Text>
        {named && named.machines.length > 0 && (
          <Owners
            title="時間チャージ未登録"
            owners={named.machines.map((machine) => ({ ...machine, to: pathTo('machine.show', { machine_id: machine.id }) }))}
          />
        )}
        {named && named.employees.length > 0 && (
          <Owners
            title="労務単価未登録"
            owners={named.employees.map((employee) => ({ ...employee, to: pathTo('employee.show', { employee_id: employee.id }) }))}
          />
        )}
      </Stack>
    </Alert>
  );
}

function Owners({ title, owners }: { title: string; owners: Array<{ id: number; name: string; to: string }> }) {
  return (
    <Text size="sm">
      {`${title}：`}
      {owners.map((owner, index) => (
        <Fragment key={owner.id}>
          {index > 0 && '、'}
          <Anchor component={Link} to={owner.to} size="sm">
            {owner.name}
          </Anchor>
        </Fragment>
      ))}
    </Text>
  );
}

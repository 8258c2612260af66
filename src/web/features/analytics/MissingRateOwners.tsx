import { Anchor, Text } from '@mantine/core';
import { Fragment } from 'react';
import { Link } from 'react-router';
import type { MissingRates } from '../../../domain/analytics-api.ts';
import { pathTo } from '../../route-paths.ts';

/**
 * Whose rate was missing: 時間チャージ未登録：{machines} and 労務単価未登録：{workers}, each name a link to
 * the form where the rate is added.
 */
export function MissingRateOwners({ missing }: { missing: MissingRates }) {
  return (
    <>
      {missing.machines.length > 0 && (
        <Owners
          title="時間チャージ未登録"
          owners={missing.machines.map((machine) => ({ ...machine, to: pathTo('machine.show', { machine_id: machine.id }) }))}
        />
      )}
      {missing.employees.length > 0 && (
        <Owners
          title="労務単価未登録"
          owners={missing.employees.map((employee) => ({ ...employee, to: pathTo('employee.show', { employee_id: employee.id }) }))}
        />
      )}
    </>
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

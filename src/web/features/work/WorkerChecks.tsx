import { Checkbox, SimpleGrid, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import type { SelectorItem } from '../../../domain/masters.ts';

interface WorkerChecksProps {
  label: ReactNode;
  workers: SelectorItem[];
  value: string[];
  onChange: (value: string[]) => void;
  disabled: boolean;
}

/** 作業者: one large card per employee, several allowed; the whole card is the touch target. */
export function WorkerChecks({ label, workers, value, onChange, disabled }: WorkerChecksProps) {
  return (
    <Checkbox.Group label={label} value={value} onChange={onChange} disabled={disabled} size="lg">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 2, lg: 3 }} spacing="xs" verticalSpacing="xs" mt={4}>
        {workers.map((worker) => (
          <WorkerCard key={worker.id} worker={worker} checked={value.includes(String(worker.id))} disabled={disabled} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

function WorkerCard({ worker, checked, disabled }: { worker: SelectorItem; checked: boolean; disabled: boolean }) {
  const nameId = useId();
  return (
    <Checkbox.Card
      value={String(worker.id)}
      disabled={disabled}
      aria-labelledby={nameId}
      radius="md"
      px="sm"
      mih={52}
      bg={checked ? 'blue.0' : undefined}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 'var(--mantine-spacing-sm)',
        borderColor: checked ? 'var(--mantine-color-blue-6)' : undefined,
        cursor: disabled ? 'not-allowed' : undefined,
      }}
    >
      {/* Not faded when disabled: a started job's workers stay plainly ticked. */}
      <Checkbox.Indicator size="lg" checked={checked} />
      <Text id={nameId} size="lg" fw={checked ? 700 : 400}>
        {worker.name}
      </Text>
    </Checkbox.Card>
  );
}

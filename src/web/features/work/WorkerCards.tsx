import { Checkbox, SimpleGrid, Text } from '@mantine/core';
import { useId } from 'react';
import type { SelectorItem } from '../../../domain/masters.ts';

/** A worker to tick; the reading (フリガナ) finds them by kana row and search. */
export type PickableWorker = SelectorItem & { phonetic_name?: string };

/**
 * Two tiles a row in the job's column from md up: three there left about 100 px for a name at 1280 px,
 * and the column does not grow past the screen's width at 1920 (three cut 勅使河原 左衛門三郎 there too).
 */
const tileColumns = { base: 2, sm: 3, md: 2 };

/** 作業者's tiles inside its Checkbox.Group: one large card per worker, the whole card the touch target. */
export function WorkerTiles({ workers, value, disabled }: { workers: PickableWorker[]; value: string[]; disabled: boolean }) {
  return (
    <SimpleGrid cols={tileColumns} spacing="xs" verticalSpacing="xs">
      {workers.map((worker) => (
        <WorkerCard key={worker.id} worker={worker} checked={value.includes(String(worker.id))} disabled={disabled} />
      ))}
    </SimpleGrid>
  );
}

function WorkerCard({ worker, checked, disabled }: { worker: PickableWorker; checked: boolean; disabled: boolean }) {
  const nameId = useId();
  return (
    <Checkbox.Card
      value={String(worker.id)}
      disabled={disabled}
      aria-labelledby={nameId}
      radius="md"
      px="sm"
      py={6}
      mih={56}
      bg={checked ? 'blue.0' : undefined}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 'var(--mantine-spacing-sm)',
        minWidth: 0,
        borderColor: checked ? 'var(--mantine-color-blue-6)' : undefined,
        cursor: disabled ? 'not-allowed' : undefined,
      }}
    >
      {/* Not faded when disabled: a started job's workers stay plainly ticked. */}
      <Checkbox.Indicator size="lg" checked={checked} style={{ flex: 'none' }} />
      {/* A long name keeps to two lines inside its tile, breaking between family and given name first; the whole name is in the title. */}
      <Text
        id={nameId}
        size="lg"
        fw={checked ? 700 : 400}
        lineClamp={2}
        title={worker.name}
        style={{ wordBreak: 'keep-all', overflowWrap: 'anywhere', lineHeight: 1.25 }}
      >
        {worker.name}
      </Text>
    </Checkbox.Card>
  );
}

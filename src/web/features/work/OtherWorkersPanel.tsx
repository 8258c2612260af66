import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { kanaRowOf, kanaRows, matchesPerson, type KanaRow } from '../../../domain/kana-rows.ts';
import { WorkerTiles, type PickableWorker } from './WorkerCards.tsx';

/**
 * ほかの作業者を選ぶ opened: the kana rows (あ か さ … of the フリガナ), a search and the matching tiles. Its
 * code (with the kana rows') comes after the work screen's first load, since only a workshop of more
 * than eight workers opens it (WorkerChecks.tsx).
 */
export function OtherWorkersPanel({
  id,
  workers,
  value,
  disabled,
}: {
  id: string;
  workers: PickableWorker[];
  value: string[];
  disabled: boolean;
}) {
  const [row, setRow] = useState<KanaRow | null>(null);
  const [query, setQuery] = useState('');
  const rowsWithWorkers = new Set(workers.map((worker) => kanaRowOf(worker.phonetic_name ?? '')));
  const matching = workers.filter(
    (worker) => (row === null || kanaRowOf(worker.phonetic_name ?? '') === row) && matchesPerson(worker, query),
  );
  return (
    <Paper id={id} withBorder radius="md" p="sm" bg="gray.0">
      <Stack gap="sm">
        <Group gap={6} role="group" aria-label="フリガナの行で絞り込む">
          <RowButton label="すべて" active={row === null} onClick={() => setRow(null)} />
          {kanaRows.map((kana) => (
            <RowButton
              key={kana}
              label={kana}
              aria-label={`${kana}行`}
              active={row === kana}
              disabled={!rowsWithWorkers.has(kana)}
              onClick={() => setRow(kana)}
            />
          ))}
        </Group>
        <TextInput
          aria-label="作業者を検索"
          placeholder="名前・フリガナで検索"
          size="lg"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          leftSection={<IconSearch size={20} aria-hidden />}
          autoComplete="off"
        />
        {matching.length > 0 ? (
          <WorkerTiles workers={matching} value={value} disabled={disabled} />
        ) : (
          <Text c="dimmed">該当する作業者はいません。</Text>
        )}
      </Stack>
    </Paper>
  );
}

function RowButton({
  label,
  active,
  disabled,
  onClick,
  'aria-label': ariaLabel,
}: {
  label: string;
  active: boolean;
  disabled?: boolean;
  onClick: () => void;
  'aria-label'?: string;
}) {
  return (
    <Button
      size="lg"
      miw={48}
      px="xs"
      variant={active ? 'filled' : 'default'}
      aria-pressed={active}
      aria-label={ariaLabel}
      disabled={disabled}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}

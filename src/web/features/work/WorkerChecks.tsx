import { Button, Checkbox, Collapse, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSearch } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { kanaRowOf, kanaRows, matchesPerson, type KanaRow } from '../../../domain/kana-rows.ts';
import type { SelectorItem } from '../../../domain/masters.ts';

/** A worker to tick; the reading (フリガナ) finds them by kana row and search. */
export type PickableWorker = SelectorItem & { phonetic_name?: string };

/** Up to this many workers are all shown as tiles; more, and the others wait behind a picker. */
const ALL_SHOWN_UP_TO = 8;

interface WorkerChecksProps {
  label: ReactNode;
  workers: PickableWorker[];
  value: string[];
  onChange: (value: string[]) => void;
  disabled: boolean;
  /** Shown first: the signed-in worker on the work screen. */
  firstId?: number;
}

/**
 * Two tiles a row in the job's column from md to xl: three there left about 100 px for a name at
 * 1280 px, and a family and given name of four and five characters (勅使河原 左衛門三郎) were cut.
 */
const tileColumns = { base: 2, sm: 3, md: 2, xl: 3 };

/**
 * 作業者: one large card per worker, several allowed; the whole card is the touch target. With more
 * than eight workers, the signed-in worker and those ticked stay in view and the others are behind
 * ほかの作業者を選ぶ, found by kana row (あ か さ … of the フリガナ) or by a search, so that twenty or
 * thirty staff do not push the job's fields below the fold.
 */
export function WorkerChecks({ label, workers, value, onChange, disabled, firstId }: WorkerChecksProps) {
  const ordered = [...workers.filter((worker) => worker.id === firstId), ...workers.filter((worker) => worker.id !== firstId)];
  // Those in view stay in view until the screen is left, ticked or not, so that a tile never jumps away under a finger.
  const [inView, setInView] = useState(() => new Set([...value, ...(firstId === undefined ? [] : [String(firstId)])]));
  const picked = (next: string[]) => {
    setInView((current) => new Set([...current, ...next]));
    onChange(next);
  };
  const all = ordered.length <= ALL_SHOWN_UP_TO;
  const shown = all ? ordered : ordered.filter((worker) => inView.has(String(worker.id)));
  const others = ordered.filter((worker) => !shown.includes(worker));
  return (
    <Checkbox.Group label={label} value={value} onChange={picked} disabled={disabled} size="lg">
      <Stack gap="xs" mt={4}>
        {shown.length > 0 && <WorkerTiles workers={shown} value={value} disabled={disabled} />}
        {!all && <OtherWorkers workers={others} value={value} disabled={disabled} />}
      </Stack>
    </Checkbox.Group>
  );
}

function WorkerTiles({ workers, value, disabled }: { workers: PickableWorker[]; value: string[]; disabled: boolean }) {
  return (
    <SimpleGrid cols={tileColumns} spacing="xs" verticalSpacing="xs">
      {workers.map((worker) => (
        <WorkerCard key={worker.id} worker={worker} checked={value.includes(String(worker.id))} disabled={disabled} />
      ))}
    </SimpleGrid>
  );
}

/** The compact picker: closed, one button; open, the kana rows, a search and the matching tiles. */
function OtherWorkers({ workers, value, disabled }: { workers: PickableWorker[]; value: string[]; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [row, setRow] = useState<KanaRow | null>(null);
  const [query, setQuery] = useState('');
  const panelId = useId();
  const rowsWithWorkers = new Set(workers.map((worker) => kanaRowOf(worker.phonetic_name ?? '')));
  const matching = workers.filter(
    (worker) => (row === null || kanaRowOf(worker.phonetic_name ?? '') === row) && matchesPerson(worker, query),
  );
  const Chevron = open ? IconChevronUp : IconChevronDown;
  return (
    <>
      <Button
        variant="light"
        size="lg"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        aria-controls={panelId}
        disabled={disabled}
        rightSection={<Chevron size={20} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
      >
        ほかの作業者を選ぶ（{workers.length}人）
      </Button>
      <Collapse expanded={open} keepMounted={false}>
        <Paper id={panelId} withBorder radius="md" p="sm" bg="gray.0">
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
      </Collapse>
    </>
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

import { Alert, Button, Group, Modal, Select, Stack, Table, Text, TextInput, useMatches } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { clockOf } from '../../../domain/clock-of.ts';
import { messages } from '../../../domain/messages.ts';
import type { NamedMasterItem } from '../../../domain/masters.ts';
import type { SavedResponse } from '../../../domain/responses.ts';
import { stationSchema, type StationCodeResponse, type StationItem } from '../../../domain/stations.ts';
import { api, ApiError, failureMessage } from '../../api/client.ts';
import { masterListQuery } from '../../api/master-queries.ts';
import { saveAnnouncement } from '../../api/save-announcement.ts';
import { BackButton } from '../../components/BackButton.tsx';
import { alertDialog, confirmDialog } from '../../components/dialogs.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Page } from '../../components/Page.tsx';
import { RequiredLabel } from '../../components/RequiredBadge.tsx';

const keys = { list: ['stations'] as const };

type IssuedCode = Pick<StationCodeResponse, 'code' | 'code_expires_at' | 'station_addresses'>;

/** The form's fields, and for an edit the version the list read the station at, which 更新 saves over. */
type Editing = { id: number | null; name: string; machine_id: string | null; version?: number };

/**
 * 加工機's choices: the machines, and the edited station's machine when it has been deleted since, by
 * the name the list gives it (「…（削除済み）」), rather than an empty field that 更新 would refuse unsaid.
 */
function machineChoices(machines: NamedMasterItem[], station: StationItem | undefined) {
  const choices = machines.map((machine) => ({ value: String(machine.id), label: machine.name }));
  if (station?.machine_id != null && station.machine_name !== null && !machines.some((machine) => machine.id === station.machine_id)) {
    choices.push({ value: String(station.machine_id), label: station.machine_name });
  }
  return choices;
}

/** 設定管理 → 端末: the shop-floor tablets, their one-time codes, 再登録 and deletion. */
export function StationsPage() {
  // A row's three buttons on one line where the page is wide; stacked on a portrait tablet, where the names need the room.
  const buttonsWrap = useMatches({ base: 'wrap', lg: 'nowrap' } as const);
  const queryClient = useQueryClient();
  const stations = useQuery({ queryKey: keys.list, queryFn: () => api<StationItem[]>('GET', '/api/station') });
  // The machines master's own list, so that a machine saved on 加工機 is offered here from the first drawing.
  const machines = useQuery(masterListQuery('machine'));
  const [editing, setEditing] = useState<Editing | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [issued, setIssued] = useState<IssuedCode | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.list });

  const save = async () => {
    if (!editing) return;
    const parsed = stationSchema.safeParse({ name: editing.name, machine_id: editing.machine_id, version: editing.version });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    try {
      // A new station's announcement is its code, shown once it is registered; an edit's, as every master form's.
      let announcement: string | null = null;
      if (editing.id === null) setIssued(await api<IssuedCode>('POST', '/api/station', { station: parsed.data }));
      else {
        const saved = await api<SavedResponse>('PUT', `/api/station/${editing.id}`, { station: parsed.data });
        announcement = saveAnnouncement(editing.version, saved, messages.saved.updated);
      }
      setEditing(null);
      await refresh();
      if (announcement !== null) await alertDialog(announcement);
    } catch (failure) {
      setError(failureMessage(failure));
      // Saved by someone else since the list was read: the list is read again, so that 編集 opened anew saves over what it is now.
      if (failure instanceof ApiError && failure.status === 409) await refresh();
    }
  };

  const reissue = async (station: StationItem) => {
    if (!(await confirmDialog(`「${station.name}」を再登録します。いま登録されている端末は使えなくなります。よろしいですか？`))) return;
    try {
      setIssued(await api<IssuedCode>('POST', `/api/station/${station.id}/code`));
      await refresh();
    } catch (failure) {
      await alertDialog(failureMessage(failure));
    }
  };

  const remove = async (station: StationItem) => {
    if (!(await confirmDialog(messages.confirmDelete, { action: '削除する' }))) return;
    try {
      await api('DELETE', `/api/station/${station.id}`);
      await refresh();
      await alertDialog(messages.saved.deleted);
    } catch (failure) {
      await alertDialog(failureMessage(failure));
    }
  };

  if (stations.isError) return <LoadError error={stations.error} onRetry={() => void stations.refetch()} />;

  return (
    <Page
      title="端末"
      // Wide enough at 1280 for the three buttons of a row on one line beside a long 端末名.
      size="lg"
      actions={
        <Group>
          <Button size="lg" onClick={() => (setError(null), setEditing({ id: null, name: '', machine_id: null }))}>
            新規登録
          </Button>
          <BackButton to="setting" />
        </Group>
      }
    >
      <Table striped verticalSpacing="sm" fz="md">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>端末名</Table.Th>
            <Table.Th>加工機</Table.Th>
            <Table.Th>状態</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(stations.data ?? []).map((station) => (
            <Table.Tr key={station.id}>
              <Table.Td>{station.name}</Table.Td>
              <Table.Td>{station.machine_name ?? ''}</Table.Td>
              <Table.Td>
                <StationState station={station} />
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap={buttonsWrap}>
                  <Button
                    variant="default"
                    onClick={() => (
                      setError(null),
                      setEditing({
                        id: station.id,
                        name: station.name,
                        machine_id: station.machine_id === null ? null : String(station.machine_id),
                        version: station.version,
                      })
                    )}
                  >
                    編集
                  </Button>
                  <Button variant="default" onClick={() => void reissue(station)}>
                    再登録
                  </Button>
                  <Button color="red" variant="light" onClick={() => void remove(station)}>
                    削除
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {stations.data?.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          端末は登録されていません。新規登録で作業端末を登録してください。
        </Text>
      )}

      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.id === null ? '端末の登録' : '端末の編集'} centered>
        {editing && (
          <Stack>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <TextInput
              label={<RequiredLabel>端末名</RequiredLabel>}
              aria-label="端末名"
              aria-required
              value={editing.name}
              onChange={(event) => setEditing({ ...editing, name: event.currentTarget.value })}
            />
            <Select
              label="加工機"
              clearable
              // Found by typing part of its name among forty machines.
              searchable
              data={machineChoices(
                machines.data ?? [],
                stations.data?.find((station) => station.id === editing.id),
              )}
              value={editing.machine_id}
              onChange={(value) => setEditing({ ...editing, machine_id: value })}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setEditing(null)}>
                キャンセル
              </Button>
              <Button onClick={() => void save()}>{editing.id === null ? '登録' : '更新'}</Button>
            </Group>
          </Stack>
        )}
      </Modal>

      {/* Shown once: only 閉じる (or ×) closes it, never a stray click beside it or Escape. */}
      <Modal
        opened={issued !== null}
        onClose={() => setIssued(null)}
        title="登録コード"
        centered
        closeOnClickOutside={false}
        closeOnEscape={false}
      >
        {issued && (
          <Stack>
            <Text fz={48} fw={700} ff="monospace" ta="center" data-testid="station-code">
              {issued.code}
            </Text>
            <Text>
              {`${clockOf(issued.code_expires_at)}までに、作業端末で ${issued.station_addresses.join(' または ')} を開いてこのコードを入力してください。コードは一度だけ使えます。`}
            </Text>
            <Button onClick={() => setIssued(null)}>閉じる</Button>
          </Stack>
        )}
      </Modal>
    </Page>
  );
}

/** 登録済み, 登録コード発行中（H:mmまで） or 未登録（再登録でコードを発行）; a narrow cell breaks before the parentheses, not inside them. */
function StationState({ station }: { station: StationItem }) {
  if (station.bound_at) return '登録済み';
  const [state, note] = station.code_expires_at
    ? ['登録コード発行中', `（${clockOf(station.code_expires_at)}まで）`]
    : ['未登録', '（再登録でコードを発行）'];
  return (
    <>
      {state}
      <span style={{ whiteSpace: 'nowrap' }}>{note}</span>
    </>
  );
}

import { Box, Button, LoadingOverlay, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { nameKey } from '../../domain/name-key.ts';
import { StepBackButton } from './BackButton.tsx';
import { LoadError } from './LoadError.tsx';
import { Page } from './Page.tsx';

interface MasterListProps<T extends { id: number }> {
  title: string;
  columnLabel: string;
  rows: T[] | undefined;
  cell: (row: T) => string;
  pending: boolean;
  error: unknown;
  onRetry: () => void;
  createPath: string;
  showPath: (id: number) => string;
}

/**
 * A master list (docs/PRODUCT.md#master-screens): one column, clickable rows, 新規追加 and 戻る, an
 * overlay while loading, and 絞り込み, which keeps the rows whose name holds the text typed: eighty
 * employees or forty machines are found without scrolling through them.
 */
export function MasterList<T extends { id: number }>(props: MasterListProps<T>) {
  const navigate = useNavigate();
  const [filter, setFilter] = useState('');
  // Compared as the server compares names for twins: full-width and half-width alike, either case, spaces aside.
  const key = nameKey(filter);
  const shown = props.rows?.filter((row) => nameKey(props.cell(row)).includes(key));
  return (
    <Page
      title={props.title}
      actions={
        <>
          <Button onClick={() => navigate(props.createPath)}>新規追加</Button>
          <StepBackButton parent="setting" />
        </>
      }
    >
      {props.error ? (
        <LoadError error={props.error} onRetry={props.onRetry} />
      ) : (
        <Box pos="relative" mih={120}>
          <LoadingOverlay visible={props.pending} />
          <TextInput
            label="絞り込み"
            placeholder={`${props.columnLabel}の一部`}
            leftSection={<IconSearch size={20} aria-hidden />}
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
            autoComplete="off"
            maw={360}
            mb="sm"
          />
          <Table highlightOnHover verticalSpacing="md" fz="lg">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{props.columnLabel}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown?.map((row) => (
                <Table.Tr
                  key={row.id}
                  onClick={() => navigate(props.showPath(row.id))}
                  onKeyDown={(event) => event.key === 'Enter' && navigate(props.showPath(row.id))}
                  tabIndex={0}
                  role="link"
                  style={{ cursor: 'pointer' }}
                >
                  <Table.Td>{props.cell(row)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {filter && shown?.length === 0 && (
            <Text c="dimmed" ta="center" py="lg">
              {`「${filter}」を含む${props.columnLabel}はありません。`}
            </Text>
          )}
        </Box>
      )}
    </Page>
  );
}

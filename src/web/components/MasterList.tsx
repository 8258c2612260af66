import { Box, Button, LoadingOverlay, Table } from '@mantine/core';
import { useNavigate } from 'react-router';
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

/** A master list (docs/PRODUCT.md#master-screens): one column, clickable rows, 新規追加 and 戻る, an overlay while loading. */
export function MasterList<T extends { id: number }>(props: MasterListProps<T>) {
  const navigate = useNavigate();
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
          <Table highlightOnHover verticalSpacing="md" fz="lg">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{props.columnLabel}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {props.rows?.map((row) => (
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
        </Box>
      )}
    </Page>
  );
}

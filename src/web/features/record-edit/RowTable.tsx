import { ActionIcon, Button, Table, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { RequiredLabel } from '../../components/RequiredBadge.tsx';

export interface RowColumn {
  header: string;
  required?: boolean;
  width?: number;
}

interface RowTableProps<T extends { key: string }> {
  /** What a row is, e.g. 中断 or 段取り 1 の段取り中断: row n is named "<name> n". */
  name: string;
  columns: RowColumn[];
  rows: T[];
  /** The inputs of row `rowName`, one cell per column. */
  cells: (row: T, rowName: string) => ReactNode[];
  onAdd: () => void;
  onRemove: (key: string) => void;
  disabled: boolean;
  /** Below this the table scrolls sideways instead of squeezing its inputs. */
  minWidth: number;
  /** Keeps a table of few columns from stretching its inputs across the screen. */
  maxWidth?: number;
}

/**
 * A table of periods (docs/PRODUCT.md#record-editor): the row number, the row's inputs, a delete icon per row, and 追加
 * below, which appends an empty row. Inputs in cells are named after their row, e.g. 中断 1 の中断開始.
 */
export function RowTable<T extends { key: string }>({
  name,
  columns,
  rows,
  cells,
  onAdd,
  onRemove,
  disabled,
  minWidth,
  maxWidth,
}: RowTableProps<T>) {
  return (
    <>
      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table verticalSpacing={6} withTableBorder maw={maxWidth}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={56}>No</Table.Th>
              {columns.map((column) => (
                <Table.Th key={column.header} w={column.width}>
                  {column.required ? <RequiredLabel>{column.header}</RequiredLabel> : column.header}
                </Table.Th>
              ))}
              <Table.Th w={56}>
                <Text component="span" size="sm" c="dimmed">
                  削除
                </Text>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => {
              const rowName = `${name} ${index + 1}`;
              return (
                <Table.Tr key={row.key}>
                  <Table.Td fw={700}>{index + 1}</Table.Td>
                  {cells(row, rowName).map((cell, column) => (
                    <Table.Td key={columns[column]!.header}>{cell}</Table.Td>
                  ))}
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="xl"
                      aria-label={`${rowName} を削除`}
                      onClick={() => onRemove(row.key)}
                      disabled={disabled}
                    >
                      <IconTrash size={24} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length + 2}>
                  <Text c="dimmed">{name}はありません。</Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Button
        variant="light"
        size="md"
        leftSection={<IconPlus size={20} aria-hidden />}
        onClick={onAdd}
        disabled={disabled}
        aria-label={`${name}を追加`}
        style={{ alignSelf: 'flex-start' }}
      >
        追加
      </Button>
    </>
  );
}

import { Table } from '@mantine/core';
import type { Key, ReactNode } from 'react';

export interface StripedColumn<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Right-aligned, header and cells: numbers, amounts, a row's actions. */
  right?: boolean;
  /** Cells kept on one line: dates, periods, amounts. */
  nowrap?: boolean;
}

/**
 * A plain read-only table named by the heading `labelledBy`: striped, one header row, one row per item
 * of `rows`, scrolling sideways on screens narrower than `minWidth`. A column given as `false` is left out.
 */
export function StripedTable<T>({
  labelledBy,
  minWidth,
  columns,
  rows,
  rowKey,
}: {
  labelledBy: string;
  minWidth: number;
  columns: readonly (StripedColumn<T> | false)[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
}) {
  const shown = columns.filter((column) => column !== false);
  const align = (column: StripedColumn<T>) => (column.right ? 'right' : undefined);
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped verticalSpacing="xs" aria-labelledby={labelledBy}>
        <Table.Thead>
          <Table.Tr>
            {shown.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed in number and order
              <Table.Th key={index} ta={align(column)}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {shown.map((column, index) => (
                <Table.Td
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed in number and order
                  key={index}
                  ta={align(column)}
                  style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                >
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

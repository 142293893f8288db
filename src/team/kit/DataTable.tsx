import type { ReactNode } from 'react';
import { ScrollingTable } from '../ScrollingTable';

/** One column of a list: its heading and what each row shows under it. */
export type Column<Row> = {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  headerClassName?: string;
  cellClassName?: string;
};

type DataTableProps<Row> = {
  caption: ReactNode;
  captionClassName?: string;
  className?: string;
  columns: ReadonlyArray<Column<Row> | null | false>;
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  /** A table that stacks on a phone: each cell carries its column's heading as its label (when the heading is text). */
  stacked?: boolean;
};

/** A list's table: headings from its columns, one row per item, in the team's scrolling box. Absent columns (null, false) are left out. */
export function DataTable<Row>({ caption, captionClassName, className, columns, rows, rowKey, stacked = false }: DataTableProps<Row>) {
  const shown = columns.filter((column): column is Column<Row> => Boolean(column));
  return (
    <ScrollingTable caption={caption} captionClassName={captionClassName} className={className}>
      <thead>
        <tr>
          {shown.map((column) => (
            <th key={column.key} scope="col" className={column.headerClassName}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey(row, index)}>
            {shown.map((column) => (
              <td key={column.key} className={column.cellClassName} data-label={stacked && typeof column.header === 'string' ? column.header : undefined}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}

import type { ReactNode } from 'react';

export interface TableColumn<Row> {
  /** The column's header cell (`<th scope="col">`). */
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** This column's cells name their row (`<th scope="row">`). */
  rowHeader?: boolean;
  /** Figures are right-aligned (`sk-table__number`). */
  numeric?: boolean;
}

export interface TableProps<Row> {
  /** What the table shows: its `<caption>`, read first by screen readers. */
  caption: ReactNode;
  /** The caption only for screen readers (a heading above already says it). */
  captionHidden?: boolean;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** A last row under the body (`<tfoot>`), e.g. the totals. */
  footer?: ReactNode;
  className?: string;
}

/** A data table of the kit (`sk-table`): a caption, header cells scoped to their column or row. */
export function Table<Row>({ caption, captionHidden, columns, rows, rowKey, footer, className }: TableProps<Row>) {
  return (
    <table className={className ? `sk-table ${className}` : 'sk-table'}>
      <caption className={captionHidden ? 'sk-visually-hidden' : 'sk-table__caption'}>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th key={index} scope="col" className={column.numeric ? 'sk-table__number' : undefined}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column, index) =>
              column.rowHeader ? (
                <th key={index} scope="row" className={column.numeric ? 'sk-table__number' : undefined}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={index} className={column.numeric ? 'sk-table__number' : undefined}>
                  {column.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
      {footer ? <tfoot>{footer}</tfoot> : null}
    </table>
  );
}

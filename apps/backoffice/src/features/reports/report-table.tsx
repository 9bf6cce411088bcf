import type { ReactNode } from 'react';
import { Pager } from '../../components/pager';
import type { Sort } from './api';
import { TableScroll } from '../../components/table-scroll';

/** A column: its heading, its cell, and the server's sort key when it sorts. */
export type ReportColumn<Row, Column extends string> = {
  id: string;
  heading: string;
  cell: (row: Row) => ReactNode;
  sortBy?: Column;
  isNumber?: boolean;
};

type ReportTableProps<Row, Column extends string> = {
  testId: string;
  caption: string;
  columns: ReadonlyArray<ReportColumn<Row, Column>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The whole filter's sums, shown as the table's last row. */
  totals?: Row | undefined;
  sort: Sort<Column>;
  onSort: (sort: Sort<Column>) => void;
  isLoading: boolean;
  paging: { pageNo: number; totalPages: number; onChange: (pageNo: number) => void };
};

const ariaSort = (isSorted: boolean, order: 'asc' | 'desc') =>
  isSorted ? (order === 'asc' ? 'ascending' : 'descending') : 'none';

/**
 * A report's table, sorted and paged by the server: a sortable heading is a button (first press ascending, the
 * next descending), announced with aria-sort; the totals of the whole filter close the table.
 */
export const ReportTable = <Row, Column extends string>({
  testId,
  caption,
  columns,
  rows,
  rowKey,
  totals,
  sort,
  onSort,
  isLoading,
  paging,
}: ReportTableProps<Row, Column>) => (
  <>
    <TableScroll label={caption}>
      <table className="table report-table" data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const { sortBy } = column;
              const isSorted = sortBy !== undefined && sort.column === sortBy;
              return (
                <th
                  key={column.id}
                  scope="col"
                  className={column.isNumber ? 'number' : undefined}
                  aria-sort={sortBy === undefined ? undefined : ariaSort(isSorted, sort.order)}
                >
                  {sortBy === undefined ? (
                    column.heading
                  ) : (
                    <button
                      type="button"
                      className="report-table__sort"
                      onClick={() => {
                        onSort({ column: sortBy, order: isSorted && sort.order === 'asc' ? 'desc' : 'asc' });
                      }}
                      data-testid={`${testId}-sort-${column.id}`}
                    >
                      {column.heading}
                      <span aria-hidden="true">{isSorted ? (sort.order === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                    </button>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={`${testId}-row`}>
              {columns.map((column) => (
                <td key={column.id} className={column.isNumber ? 'number' : undefined}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {totals !== undefined && rows.length > 0 ? (
          <tfoot>
            <tr className="report-table__totals" data-testid={`${testId}-totals`}>
              {columns.map((column, index) => (
                <td key={column.id} className={column.isNumber ? 'number' : undefined}>
                  {index === 0 ? 'Total' : column.isNumber ? column.cell(totals) : ''}
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </TableScroll>
    {isLoading ? <p className="muted">Loading…</p> : null}
    {!isLoading && rows.length === 0 ? (
      <p className="empty" data-testid={`${testId}-empty`}>
        Nothing in this period.
      </p>
    ) : null}
    <Pager {...paging} testId={`${testId}-pager`} />
  </>
);

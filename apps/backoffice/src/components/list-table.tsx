import type { ReactNode } from 'react';
import { Pager } from './pager';
import { TableScroll } from './table-scroll';

type ListTableProps = {
  /** The table's test id. */
  testId: string;
  /** The column headings, in order. */
  columns: readonly string[];
  /** What the table lists, naming its scrolling box ("Pay records"); its test id when absent. */
  label?: string;
  /** The rows of the current page. */
  children: ReactNode;
  /** The first answer is still on its way. */
  isLoading?: boolean;
  /** The answer came and holds nothing. */
  isEmpty: boolean;
  emptyMessage: string;
  emptyTestId?: string;
  /** For a paged list: the pager under the table. */
  paging?: { pageNo: number; totalPages: number; onChange: (pageNo: number) => void; testId: string };
};

/** A list screen's table, scrolling sideways on a narrow screen, with its loading and empty states and pager. */
export const ListTable = ({
  testId,
  columns,
  label,
  children,
  isLoading = false,
  isEmpty,
  emptyMessage,
  emptyTestId,
  paging,
}: ListTableProps) => (
  <>
    <TableScroll label={label ?? testId}>
      <table className="table" data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
    {isLoading ? <p className="muted">Loading…</p> : null}
    {isEmpty ? (
      <p className="empty" data-testid={emptyTestId}>
        {emptyMessage}
      </p>
    ) : null}
    {paging ? <Pager {...paging} /> : null}
  </>
);

/** A server's answer of one page of a list (a query's state). */
type PagedAnswer = {
  isPending: boolean;
  isSuccess: boolean;
  data?: { list: readonly unknown[]; totalPages: number } | undefined;
};

/**
 * A paged list's table: loading while the answer is on its way, empty when it holds nothing, and its pager
 * for the answer's number of pages.
 */
export const PagedListTable = ({
  answer,
  paging,
  ...table
}: Omit<ListTableProps, 'isLoading' | 'isEmpty' | 'paging'> & {
  answer: PagedAnswer;
  paging: { pageNo: number; onChange: (pageNo: number) => void; testId: string };
}) => (
  <ListTable
    {...table}
    isLoading={answer.isPending}
    isEmpty={answer.isSuccess && (answer.data?.list.length ?? 0) === 0}
    paging={{ ...paging, totalPages: answer.data?.totalPages ?? 1 }}
  />
);

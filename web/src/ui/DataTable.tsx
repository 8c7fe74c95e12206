import type { HTMLAttributes, ReactNode } from 'react';
import { formatDateTime } from '@exch/contracts';
import { EmptyRow } from './EmptyRow';
import { formatRupees } from './money';

/**
 * The one table of the web's lists. A small component of our own rather than TanStack Table: every
 * list is paged, filtered and exported by the server, so what is left to the table is markup that
 * was repeated by hand (the header, the phone card layout's data-label on each cell, the empty row,
 * a totals row and sortable headers). That is under 200 lines here; TanStack Table would add a
 * dependency and a model of rows and state to learn for none of it.
 *
 * Phone layout: a `stack-table` (styles/accounts.css) shows each row as a card with every cell
 * labelled by its `data-label`, which is the column's `label` (or its header when that is text).
 */
export interface Column<R> {
  /** Stable id: the React key and the `sort` value in the URL. */
  id: string;
  header: ReactNode;
  /** The phone card's label for the cell; the header when omitted and the header is text. */
  label?: string;
  /** `index` is the row's place in `rows` as given (the server's order), whatever the sort on screen. */
  cell: (row: R, index: number) => ReactNode;
  /** Classes of the header cell and each cell (`num` right-aligns). */
  className?: string;
  /** More classes for the cells only (`strong-cell`, `nowrap`). */
  cellClassName?: string;
  /** Classes of the header cell in place of `className`. */
  headClassName?: string;
  /** Makes the column sortable: the value rows are ordered by. */
  sortValue?: (row: R) => string | number;
  /** Sortable by the server instead: the header changes the sort, the rows come in its order. */
  serverSort?: boolean;
  /** The column's cell in the totals row, given every row shown. */
  total?: (rows: readonly R[]) => ReactNode;
}

/** A column header with what its figures are, on a line of its own ("after commission"); the phone card labels the cell with `label`. */
export const headWithNote = (head: string, note: string): ReactNode => (
  <>
    {head}
    <span className="head-note">{note}</span>
  </>
);

/** A moment's column ("7 Dec 2026, 2:44:05 pm", contracts' formatDateTime), sorted by its ISO value. */
export function dateTimeColumn<R>(
  id: string,
  header: string,
  value: (row: R) => string,
  cellClassName = 'nowrap',
): Column<R> {
  return { id, header, cellClassName, cell: (r) => formatDateTime(value(r), { seconds: true }), sortValue: value };
}

/** An amount in rupees from the API, right-aligned as "₹1,00,000.00" and sorted by its value. */
export function amountColumn<R>(id: string, header: string, rupees: (row: R) => number): Column<R> {
  return { id, header, className: 'num', cell: (r) => formatRupees(rupees(r)), sortValue: rupees };
}

/** A sort: a column id, "-" in front for descending (as kept in the URL's `sort`). */
export type SortSpec = string;

interface DataTableProps<R> {
  columns: readonly Column<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  /** Attributes of a row's <tr> (a class, data-*). */
  rowProps?: (row: R) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | undefined>;
  /** Draws a row in place of the plain one (extra rows under it); `cells` is the plain row's <td>s. */
  renderRow?: (row: R, cells: ReactNode) => ReactNode;
  /** For the empty row and the "loading" fade. */
  query: { isPending: boolean; isError: boolean; isFetching: boolean };
  empty?: ReactNode;
  failed?: ReactNode;
  /** Classes of the <table> next to `data-table stack-table`. */
  className?: string;
  testId?: string;
  /** The sort in force and how to change it (the page keeps it in the URL); no sorting without it. */
  sort?: { value: SortSpec | undefined; onChange: (next: SortSpec | undefined) => void };
  /** The first cell of the totals row, shown when a column has a `total` and there are rows. */
  totalsLabel?: string;
}

export function columnLabel<R>(c: Column<R>): string {
  return c.label ?? (typeof c.header === 'string' ? c.header : c.id);
}

/**
 * The rows with their places in `rows`, in the order of `sort` (stable; unknown or unsortable
 * columns leave them as they are). The lists are paged by the server, so this orders the page on screen.
 */
function sortRows<R>(
  rows: readonly R[],
  columns: readonly Column<R>[],
  sort: SortSpec | undefined,
): readonly { row: R; i: number }[] {
  const placed = rows.map((row, i) => ({ row, i }));
  if (sort === undefined) return placed;
  const desc = sort.startsWith('-');
  const column = columns.find((c) => c.id === (desc ? sort.slice(1) : sort));
  const value = column?.sortValue;
  if (value === undefined) return placed;
  const sign = desc ? -1 : 1;
  return placed
    .map((x) => ({ ...x, v: value(x.row) }))
    .sort((a, b) => (a.v < b.v ? -sign : a.v > b.v ? sign : a.i - b.i));
}

export function DataTable<R>({
  columns,
  rows,
  rowKey,
  rowProps,
  renderRow,
  query,
  empty,
  failed,
  className,
  testId,
  sort,
  totalsLabel = 'Total',
}: DataTableProps<R>) {
  const shown = sortRows(rows, columns, sort?.value);
  const totals = rows.length > 0 && columns.some((c) => c.total !== undefined);
  return (
    <div className={query.isFetching ? 'table-wrap loading' : 'table-wrap'}>
      {sort && <PhoneSort columns={columns} sort={sort} />}
      <table className={`data-table stack-table${className ? ` ${className}` : ''}`} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((c) => (
              <HeaderCell key={c.id} column={c} sort={sort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map(({ row, i }) => {
            const cells = columns.map((c) => (
              <td key={c.id} data-label={columnLabel(c)} className={cellClass(c)}>
                {c.cell(row, i)}
              </td>
            ));
            if (renderRow) return <RowSlot key={rowKey(row)}>{renderRow(row, cells)}</RowSlot>;
            return (
              <tr key={rowKey(row)} {...rowProps?.(row)}>
                {cells}
              </tr>
            );
          })}
          {rows.length === 0 && <EmptyRow span={columns.length} query={query} empty={empty} failed={failed} />}
        </tbody>
        {totals && (
          <tfoot>
            <tr className="totals-row">
              {columns.map((c, i) =>
                c.total ? (
                  <td key={c.id} data-label={columnLabel(c)} className={c.className}>
                    {c.total(rows)}
                  </td>
                ) : (
                  <td key={c.id} className="totals-label">
                    {i === 0 ? totalsLabel : null}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

/** A phone shows no header row, so its sort is a select above the cards (hidden on wider screens). */
function PhoneSort<R>({
  columns,
  sort,
}: {
  columns: readonly Column<R>[];
  sort: NonNullable<DataTableProps<R>['sort']>;
}) {
  const sortable = columns.filter(isSortable);
  if (sortable.length === 0) return null;
  return (
    <label className="table-sort">
      <span>Sort</span>
      <select
        name="sort"
        value={sort.value ?? ''}
        onChange={(e) => sort.onChange(e.target.value === '' ? undefined : e.target.value)}
      >
        <option value="">As listed</option>
        {sortable.flatMap((c) => [
          <option key={c.id} value={c.id}>
            {columnLabel(c)} ▲
          </option>,
          <option key={`-${c.id}`} value={`-${c.id}`}>
            {columnLabel(c)} ▼
          </option>,
        ])}
      </select>
    </label>
  );
}

function RowSlot({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

const isSortable = <R,>(c: Column<R>): boolean => c.sortValue !== undefined || c.serverSort === true;

const cellClass = <R,>(c: Column<R>): string | undefined =>
  [c.className, c.cellClassName].filter(Boolean).join(' ') || undefined;

function HeaderCell<R>({ column, sort }: { column: Column<R>; sort: DataTableProps<R>['sort'] }) {
  if (sort === undefined || !isSortable(column))
    return <th className={column.headClassName ?? column.className}>{column.header}</th>;
  const state = sort.value === column.id ? 'ascending' : sort.value === `-${column.id}` ? 'descending' : 'none';
  // Ascending, then descending, then back to the server's order.
  const next = state === 'none' ? column.id : state === 'ascending' ? `-${column.id}` : undefined;
  return (
    <th className={column.headClassName ?? column.className} aria-sort={state}>
      <button
        type="button"
        className={state === 'none' ? 'sort-button' : 'sort-button active'}
        onClick={() => sort.onChange(next)}
      >
        {column.header}
        <span className="sort-arrow" aria-hidden="true">
          {state === 'ascending' ? '▲' : state === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}

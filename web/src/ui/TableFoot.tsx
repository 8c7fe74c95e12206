import { Pager } from './Pager';

interface TableFootProps {
  /** How many rows in all; undefined until the first page has loaded. */
  total: number | undefined;
  /** What a row is, in the singular ("bet"). */
  noun: string;
  /** `capped`: the server stopped counting at `total` (PageInfo), so there are at least that many. */
  pagination: { page: number; totalPages: number; capped?: true } | undefined;
  onPage: (page: number) => void;
}

/** Under a paged back-office table: the row count and the pager. */
export function TableFoot({ total, noun, pagination, onPage }: TableFootProps) {
  return (
    <div className="table-foot">
      <span className="muted">
        {total === undefined
          ? '\u00a0'
          : `${pagination?.capped ? 'More than ' : ''}${total} ${noun}${total === 1 ? '' : 's'}`}
      </span>
      <Pager pagination={pagination} onPage={onPage} />
    </div>
  );
}

import type { ReactNode } from 'react';

/** SPEC.md section 8's words for an empty table on the player's site. */
export const EMPTY_TABLE = 'No data Available in Table';

interface EmptyRowProps {
  span: number;
  query: { isPending: boolean; isError: boolean };
  /** What an empty list says. */
  empty?: ReactNode;
  /** What a failed load says; without it a failure reads as an empty list. */
  failed?: ReactNode;
}

/** The one row of a table with no rows: loading, failed, or empty. */
export function EmptyRow({ span, query, empty = 'No Data Found', failed = empty }: EmptyRowProps) {
  return (
    <tr className="empty-row">
      <td colSpan={span}>{query.isPending ? 'Loading...' : query.isError ? failed : empty}</td>
    </tr>
  );
}

import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { CasinoResultDto } from '@exch/contracts';
import type { AuthContextName } from '../auth/auth-context';
import { DataTable, type Column } from '../ui/DataTable';
import { badgeClassOf, badgeOf } from './table-layout';

interface ResultTableProps {
  rows: readonly CasinoResultDto[];
  code: string;
  ctx: AuthContextName;
  query: { isPending: boolean; isError: boolean; isFetching: boolean };
  /** What the table says with no rows. */
  empty: ReactNode;
}

function columns(code: string, ctx: AuthContextName): Column<CasinoResultDto>[] {
  const list: Column<CasinoResultDto>[] = [
    {
      id: 'round',
      header: 'Round ID',
      cell: (r) =>
        ctx === 'user' ? (
          <Link to="/casino/result/$matchid" params={{ matchid: r.mid }}>
            {r.mid}
          </Link>
        ) : (
          <Link to="/admin/casino/result/$matchid" params={{ matchid: r.mid }}>
            {r.mid}
          </Link>
        ),
    },
    { id: 'winner', header: 'Winner', cell: (r) => r.win },
  ];
  if (ctx !== 'user') return list;
  return [
    ...list,
    {
      id: 'badge',
      header: <span className="visually-hidden">Result</span>,
      label: 'Result',
      cell: (r) => <span className={badgeClassOf(code, r)}>{badgeOf(code, r)}</span>,
    },
  ];
}

/** Round ID (opening the round) and Winner, with the result's badge on the player site. */
export function ResultTable({ rows, code, ctx, query, empty }: ResultTableProps) {
  return <DataTable columns={columns(code, ctx)} rows={rows} rowKey={(r) => r.mid} query={query} empty={empty} />;
}

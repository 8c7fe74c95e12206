import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { CasinoResultDto } from '@exch/contracts';
import type { AuthContextName } from '../auth/auth-context';
import { badgeClassOf, badgeOf } from './table-layout';

interface ResultTableProps {
  rows: readonly CasinoResultDto[];
  code: string;
  ctx: AuthContextName;
  fetching: boolean;
  /** Rows after the results: the empty or loading message. */
  children: ReactNode;
}

/** Round ID (opening the round) and Winner, with the result's badge on the player site. */
export function ResultTable({ rows, code, ctx, fetching, children }: ResultTableProps) {
  return (
    <div className={fetching ? 'table-wrap loading' : 'table-wrap'}>
      <table className="data-table">
        <thead>
          <tr>
            <th>Round ID</th>
            <th>Winner</th>
            {ctx === 'user' && <th aria-label="Result" />}
          </tr>
        </thead>
        <tbody>
          <ResultRows rows={rows} code={code} ctx={ctx} />
          {children}
        </tbody>
      </table>
    </div>
  );
}

function ResultRows({ rows, code, ctx }: Omit<ResultTableProps, 'fetching' | 'children'>) {
  return (
    <>
      {rows.map((r) => (
        <tr key={r.mid}>
          <td>
            {ctx === 'user' ? (
              <Link to="/casino/result/$matchid" params={{ matchid: r.mid }}>
                {r.mid}
              </Link>
            ) : (
              <Link to="/admin/casino/result/$matchid" params={{ matchid: r.mid }}>
                {r.mid}
              </Link>
            )}
          </td>
          <td>{r.win}</td>
          {ctx === 'user' && (
            <td>
              <span className={badgeClassOf(code, r)}>{badgeOf(code, r)}</span>
            </td>
          )}
        </tr>
      ))}
    </>
  );
}

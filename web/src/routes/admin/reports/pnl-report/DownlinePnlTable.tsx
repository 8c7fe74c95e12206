import type { DownlinePnlReport, DownlinePnlUser } from '@exch/contracts';
import type { ReactNode } from 'react';
import { DataTable, headWithNote, type Column } from '../../../../ui/DataTable';
import { formatRupees, pnlClass } from '../../../../ui/money';

type Totals = DownlinePnlReport['totals'];

/** A signed amount, coloured by its sign. */
const pts = (value: number) => <span className={pnlClass(value)}>{formatRupees(value)}</span>;

/** An amount column: the row's figure and, from the server's totals (every page), its total. */
interface Figure {
  id: string;
  header: ReactNode;
  /** The phone card's label, where the header is more than text. */
  label?: string;
  value: (u: DownlinePnlUser) => number;
  total: (t: Totals) => number;
  strong?: boolean;
  /** The partnership parts are not sortable: the header row would not fit 1366 px. */
  sortable?: boolean;
}

const FIGURES: Figure[] = [
  {
    id: 'casino',
    header: 'Casino pts',
    value: (u) => u.profitLoss.casino.netProfitLoss,
    total: (t) => t.profitLoss.casino,
  },
  {
    id: 'sports',
    header: headWithNote('Sport pts', 'after commission'),
    label: 'Sport pts',
    value: (u) => u.profitLoss.sports.netProfitLoss,
    total: (t) => t.profitLoss.sports,
  },
  {
    id: 'third',
    header: 'Third party pts',
    value: (u) => u.profitLoss.thirdParty.netProfitLoss,
    total: (t) => t.profitLoss.thirdParty,
  },
  {
    id: 'pnl',
    header: headWithNote('Profit/Loss', 'after commission'),
    label: 'Profit/Loss',
    value: (u) => u.netProfitLoss,
    total: (t) => t.profitLoss.total,
    strong: true,
  },
];

const PARTS = (
  [
    {
      id: 'downline',
      header: 'Downline part',
      value: (u) => u.partnership.downline,
      total: (t) => t.partnership.downline,
    },
    { id: 'parent', header: 'Own part', value: (u) => u.partnership.parent, total: (t) => t.partnership.parent },
    { id: 'upline', header: 'Upline part', value: (u) => u.partnership.upline, total: (t) => t.partnership.upline },
  ] satisfies Figure[]
).map((f): Figure => ({ ...f, sortable: false }));

const figureColumn = (f: Figure, totals: Totals | undefined): Column<DownlinePnlUser> => ({
  id: f.id,
  header: f.header,
  ...(f.label ? { label: f.label } : {}),
  className: 'num',
  cellClassName: f.strong ? 'strong-cell' : undefined,
  cell: (u) => pts(f.value(u)),
  sortValue: f.sortable === false ? undefined : f.value,
  total: totals ? () => pts(f.total(totals)) : undefined,
});

interface DownlinePnlTableProps {
  rows: DownlinePnlUser[];
  query: { isPending: boolean; isError: boolean; isFetching: boolean };
  totals: Totals | undefined;
  /** Whose downline this is, for the "own part" column's header. */
  viewed: string;
  /** The first row's number (paging). */
  offset: number;
  onOpen: (username: string) => void;
  sort: { value: string | undefined; onChange: (next: string | undefined) => void };
}

/**
 * No, User Name, Level, Casino pts, Sport pts, Third party pts, profit/loss (the players' side),
 * then each branch's partnership split (the house's side), with the totals of every page.
 */
export function DownlinePnlTable({ rows, query, totals, viewed, offset, onOpen, sort }: DownlinePnlTableProps) {
  const columns: Column<DownlinePnlUser>[] = [
    { id: 'no', header: 'No', className: 'num', cellClassName: 'muted', cell: (u) => offset + rows.indexOf(u) + 1 },
    {
      id: 'user',
      header: 'User Name',
      cellClassName: 'strong-cell',
      sortValue: (u) => u.username,
      cell: (u) =>
        u.downlineCount > 0 ? (
          <button
            type="button"
            className="link-button"
            onClick={() => onOpen(u.username)}
            title={`Open ${u.username}'s downline`}
          >
            {u.username}
          </button>
        ) : (
          u.username
        ),
    },
    { id: 'level', header: 'Level', cell: (u) => <span className="role-badge">{u.role.name}</span> },
    ...FIGURES.map((f) => figureColumn(f, totals)),
    {
      id: 'share',
      header: 'Share',
      className: 'num',
      cell: (u) => (u.share === null ? <span className="muted">-</span> : `${u.share.toFixed(2)}%`),
    },
    ...PARTS.map((f) => figureColumn(f.id === 'parent' && viewed ? { ...f, header: `${viewed} part` } : f, totals)),
  ];
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(u) => u._id}
      rowProps={(u) => ({ 'data-username': u.username })}
      query={query}
      className="ax-pnl-table"
      testId="downline-pnl"
      sort={sort}
    />
  );
}

import { lazy, Suspense } from 'react';
import type { DailyPnlPoint } from '@exch/contracts';
import { formatRupees } from '../ui/money';
import { periodTotal, type PnlSide } from './pnl-chart-config';

/** Chart.js is only fetched with the first chart: the rest of the site does not carry it. */
const PnlChart = lazy(() => import('./PnlChart'));

/** The chart of a period's daily profit and loss, or why there is none. */
export function DailyPnl({
  points,
  side,
  loading,
}: {
  points: DailyPnlPoint[] | undefined;
  side: PnlSide;
  loading: boolean;
}) {
  if (!points) return <p className="muted">{loading ? 'Loading the chart…' : '\u00a0'}</p>;
  if (points.length === 0) return <p className="muted chart-empty">No settled results in this period to chart.</p>;
  const total = periodTotal(points, side);
  return (
    <>
      <Suspense fallback={<div className="chart-box pnl-chart" />}>
        <PnlChart points={points} side={side} />
      </Suspense>
      <p className="muted">
        {side === 'house' ? 'The house side of the period' : 'Your period'}:{' '}
        <b className={total > 0 ? 'positive' : total < 0 ? 'negative' : undefined}>{formatRupees(total)}</b>
      </p>
    </>
  );
}

import { lazy, Suspense } from 'react';
import type { DailyPnlPoint } from '@exch/contracts';
import { formatInr, formatRupees, pnlClass, toPaise } from '../ui/money';
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
  const part = (key: 'sports' | 'casino' | 'thirdParty') =>
    (side === 'house' ? -1 : 1) * points.reduce((s, p) => s + toPaise(p[key]), 0);
  return (
    <>
      <Suspense fallback={<div className="chart-box pnl-chart" />}>
        <PnlChart points={points} side={side} />
      </Suspense>
      {/* Wallet postings: a market's commission is already out of these figures. */}
      <p className="muted" data-testid="period-total">
        {side === 'house' ? 'The house side of the period' : 'Your period'}, after commission:{' '}
        <b className={pnlClass(total)}>{formatRupees(total)}</b> (sports {formatInr(part('sports'))} · casino{' '}
        {formatInr(part('casino'))} · third party {formatInr(part('thirdParty'))})
      </p>
    </>
  );
}

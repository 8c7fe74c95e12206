import { useMemo } from 'react';
import type { DailyPnlPoint } from '@exch/contracts';
import { ChartCanvas } from './ChartCanvas';
import { pnlChartConfig, type PnlSide } from './pnl-chart-config';

/** Profit and loss over time as a chart (pnlChartConfig); `side` says whose figures they are. */
export default function PnlChart({ points, side }: { points: DailyPnlPoint[]; side: PnlSide }) {
  const config = useMemo(() => pnlChartConfig(points, side), [points, side]);
  return (
    <ChartCanvas
      config={config}
      className="pnl-chart"
      label={side === 'house' ? 'Profit and loss of the downline per day' : 'Your profit and loss per day'}
    />
  );
}

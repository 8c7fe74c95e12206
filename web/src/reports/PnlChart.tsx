import { useMemo } from 'react';
import type { ChartConfiguration } from 'chart.js';
import type { DailyPnlPoint } from '@exch/contracts';
import { ChartCanvas } from './ChartCanvas';

const COLOURS = { sports: '#2f7ed8', casino: '#8e44ad', thirdParty: '#e67e22', cumulative: '#1b1b1b' };

/**
 * Profit and loss over time: a bar per day and category (stacked), and the running total as a
 * line. `side` says whose figures they are: the player's own, or the house's side of a downline
 * (the players' figures negated, so a bar up is money made).
 */
export default function PnlChart({ points, side }: { points: DailyPnlPoint[]; side: 'player' | 'house' }) {
  const config = useMemo((): ChartConfiguration => {
    const sign = side === 'house' ? -1 : 1;
    let running = 0;
    const cumulative = points.map((p) => (running += sign * p.total));
    const bars = (key: 'sports' | 'casino' | 'thirdParty', label: string) => ({
      type: 'bar' as const,
      label,
      data: points.map((p) => sign * p[key]),
      backgroundColor: COLOURS[key],
      stack: 'day',
      maxBarThickness: 48,
    });
    return {
      type: 'bar',
      data: {
        labels: points.map((p) => p.day),
        datasets: [
          bars('sports', 'Sports'),
          bars('casino', 'Casino'),
          bars('thirdParty', 'Third party'),
          {
            type: 'line' as const,
            label: 'Running total',
            data: cumulative,
            borderColor: COLOURS.cumulative,
            backgroundColor: COLOURS.cumulative,
            pointRadius: 2,
            tension: 0.2,
          },
        ],
      },
      options: {
        plugins: { legend: { position: 'bottom', labels: { boxWidth: 12 } } },
        scales: {
          x: { stacked: true, grid: { display: false } },
          y: { stacked: false, ticks: { callback: (v) => `₹${Number(v).toLocaleString('en-IN')}` } },
        },
      },
    };
  }, [points, side]);
  return (
    <ChartCanvas
      config={config}
      className="pnl-chart"
      label={side === 'house' ? 'Profit and loss of the downline per day' : 'Your profit and loss per day'}
    />
  );
}

import { useMemo } from 'react';
import type { ChartConfiguration } from 'chart.js';
import { ChartCanvas } from './ChartCanvas';

/** Market analysis: the downline's pending stake on each selection of one market, as horizontal bars. */
export default function StakesChart({
  market,
  selections,
}: {
  market: string;
  selections: { selection_name: string; totalStake: number }[];
}) {
  // The page refreshes every 5 s with new arrays: the chart is drawn again only when the figures change.
  const figures = JSON.stringify(selections);
  const config = useMemo(
    (): ChartConfiguration => ({
      type: 'bar',
      data: {
        labels: selections.map((s) => s.selection_name),
        datasets: [
          {
            label: 'Stake (₹)',
            data: selections.map((s) => s.totalStake),
            backgroundColor: '#72bbef',
            borderColor: '#2f7ed8',
            borderWidth: 1,
            maxBarThickness: 28,
          },
        ],
      },
      options: {
        indexAxis: 'y',
        plugins: { legend: { display: false } },
        scales: { x: { beginAtZero: true, ticks: { callback: (v) => `₹${Number(v).toLocaleString('en-IN')}` } } },
      },
    }),
    [figures],
  );
  return (
    <ChartCanvas
      config={config}
      className="stakes-chart"
      label={`Stakes per selection, ${market}`}
      height={40 + 28 * selections.length}
    />
  );
}

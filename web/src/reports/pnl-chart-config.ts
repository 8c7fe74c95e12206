import type { ChartConfiguration } from 'chart.js';
import { formatBusinessDay, type DailyPnlPoint } from '@exch/contracts';
import { formatRupees, toPaise } from '../ui/money.js';

const COLOURS = { sports: '#2f7ed8', casino: '#8e44ad', thirdParty: '#e67e22', cumulative: '#1b1b1b' };

/** Whose figures: the player's own, or the house's side of a downline (the players' negated). */
export type PnlSide = 'player' | 'house';

/** The period's profit or loss from `side`'s point of view, summed in paise. */
export const periodTotal = (points: DailyPnlPoint[], side: PnlSide): number =>
  ((side === 'house' ? -1 : 1) * points.reduce((s, p) => s + toPaise(p.total), 0)) / 100;

/**
 * Profit and loss over time: a bar per day and category, stacked on the value axis so a day's
 * losses add up below zero instead of hiding behind each other, and the running total as a line
 * drawn over the bars. Amounts in rupees, shown as the rest of the site shows money (-₹100.00).
 */
export function pnlChartConfig(points: DailyPnlPoint[], side: PnlSide): ChartConfiguration {
  const sign = side === 'house' ? -1 : 1;
  let running = 0;
  const cumulative = points.map((p) => {
    running += sign * toPaise(p.total);
    return running / 100;
  });
  const bars = (key: 'sports' | 'casino' | 'thirdParty', label: string) => ({
    type: 'bar' as const,
    label,
    data: points.map((p) => sign * p[key]),
    backgroundColor: COLOURS[key],
    stack: 'day',
    order: 1,
    maxBarThickness: 48,
  });
  return {
    type: 'bar',
    data: {
      labels: points.map((p) => formatBusinessDay(p.day)),
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
          // The lowest order is drawn last, on top of the bars.
          order: 0,
          pointRadius: 2,
          tension: 0.2,
        },
      ],
    },
    options: {
      plugins: {
        // The legend in the datasets' own order, not the drawing order.
        legend: {
          position: 'bottom',
          labels: { boxWidth: 12, sort: (a, b) => (a.datasetIndex ?? 0) - (b.datasetIndex ?? 0) },
        },
        tooltip: { callbacks: { label: (c) => `${c.dataset.label}: ${formatRupees(c.parsed.y ?? 0)}` } },
      },
      scales: {
        x: { stacked: true, grid: { display: false } },
        y: { stacked: true, grace: '5%', ticks: { callback: (v) => formatRupees(Number(v)) } },
      },
    },
  };
}

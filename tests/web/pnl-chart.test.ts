import t from 'tap';
import type { DailyPnlPoint } from '@exch/contracts';
import { periodTotal, pnlChartConfig } from '../../web/src/reports/pnl-chart-config.js';

// The P&L chart (player's Profit & Loss, and the back office's): one day with a ₹200 casino loss and
// a ₹100 third-party loss must show both, stacked to -₹300, with the running total drawn over them
// and ending where the period's figure below the chart says.
const points: DailyPnlPoint[] = [
  { day: '2026-11-25', sports: 0.1, casino: 0.2, thirdParty: 0, total: 0.3 },
  { day: '2026-11-26', sports: 0, casino: -200, thirdParty: -100, total: -300 },
];

t.test('a day of losses stacks below zero and the running total agrees with the period', async (t) => {
  const config = pnlChartConfig(points, 'player');
  const scales = config.options!.scales! as Record<string, { stacked?: boolean; ticks?: { callback?: unknown } }>;
  t.equal(scales.x!.stacked, true);
  t.equal(scales.y!.stacked, true, 'bars of one day add up on the value axis, none hidden behind another');
  const [sports, casino, thirdParty, line] = config.data.datasets;
  t.same(
    [sports!.data, casino!.data, thirdParty!.data],
    [
      [0.1, 0],
      [0.2, -200],
      [0, -100],
    ],
  );
  t.ok(
    [sports, casino, thirdParty].every((d) => (d as { stack?: string }).stack === 'day'),
    'one stack per day',
  );
  t.ok((line!.order ?? 0) < (casino!.order ?? 0), 'the running total is drawn over the bars');
  t.same(line!.data, [0.3, -299.7], 'summed in paise: no 0.30000000000000004');
  t.equal(periodTotal(points, 'player'), -299.7, 'the period figure is where the line ends');
  t.equal(periodTotal(points, 'house'), 299.7);
  t.same(pnlChartConfig(points, 'house').data.datasets[3]!.data, [-0.3, 299.7], "the house's side is negated");
});

t.test('the axis writes money as the rest of the app: -₹100.00, Indian grouping', async (t) => {
  const tick = (pnlChartConfig(points, 'player').options!.scales!.y!.ticks as { callback: (v: number) => string })
    .callback;
  t.equal(tick(-100), '-₹100.00');
  t.equal(tick(150000), '₹1,50,000.00');
  t.equal(tick(0), '₹0.00');
});

import { betOutcome, paiseToRupees, type MarketPosition, type Paise } from '@exch/contracts';
import type { OpenBetRow } from '@exch/projector/read';

const TOP = 3;

/**
 * What each way a market can end pays the downline's players, and who wins most: runner markets per
 * runner (a back wins on its runner, a lay on every other); a fancy at each run count where some bet
 * turns (a Yes at L wins from L runs, a No below L). Only matched parts count: an unmatched stake
 * risks nothing until it matches.
 */
export function marketPosition(bets: readonly OpenBetRow[]): MarketPosition {
  const first = bets[0]!;
  const outcomes: { outcome: string; wins: (b: OpenBetRow) => boolean }[] =
    first.kind === 'fancy'
      ? fancyOutcomes(bets)
      : first.runners.map((r) => ({
          outcome: r.name,
          wins: (b: OpenBetRow) => (b.selection_id === r.selectionId) === (b.side === 'back'),
        }));
  const parts = bets.map((b) => ({ bet: b, ...betOutcome(b.kind, b.side, b.fills, b.volume) }));
  const rows = outcomes.map(({ outcome, wins }) => {
    const perUser = new Map<string, { username: string; pnl: Paise }>();
    for (const { bet, win, lose } of parts) {
      const u = perUser.get(bet.user_id) ?? { username: bet.username, pnl: 0 };
      u.pnl += wins(bet) ? win : -lose;
      perUser.set(bet.user_id, u);
    }
    const total = [...perUser.values()].reduce((s, u) => s + u.pnl, 0);
    const top = [...perUser.entries()]
      .filter(([, u]) => u.pnl > 0)
      .sort((a, b) => b[1].pnl - a[1].pnl)
      .slice(0, TOP)
      .map(([user_id, u]) => ({ user_id, username: u.username, pnl: paiseToRupees(u.pnl) }));
    return { outcome, total, top };
  });
  return {
    market_id: first.market_id,
    market_name: first.market_name,
    event_id: first.event_id,
    event_name: first.event_name,
    kind: first.kind,
    outcomes: rows.map((r) => ({ outcome: r.outcome, pnl: paiseToRupees(r.total), top: r.top })),
    worst: paiseToRupees(Math.max(...rows.map((r) => r.total))),
  };
}

/** A fancy's run counts where the result changes some bet: below every line, then from each line up. */
function fancyOutcomes(bets: readonly OpenBetRow[]) {
  const lines = [...new Set(bets.map((b) => b.odds))].sort((a, b) => a - b);
  const at = (runs: number) => (b: OpenBetRow) => runs >= b.odds === (b.side === 'back');
  return [
    { outcome: `${Math.max(0, lines[0]! - 1)} or fewer`, wins: at(lines[0]! - 1) },
    ...lines.map((line, i) => ({
      outcome:
        i + 1 === lines.length
          ? `${line} or more`
          : lines[i + 1]! - 1 === line
            ? `${line}`
            : `${line} to ${lines[i + 1]! - 1}`,
      wins: at(line),
    })),
  ];
}

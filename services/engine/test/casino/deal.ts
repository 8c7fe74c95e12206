import { parseCard, type Card } from '@exch/contracts';
import type { RoundResult, TableDefinition } from '../../src/casino/tables/table.js';

/** "AS 10H KD" -> cards. */
export function cards(codes: string): Card[] {
  return codes
    .split(/\s+/)
    .filter(Boolean)
    .map((code) => {
      const c = parseCard(code);
      if (!c) throw new Error(`not a card: ${code}`);
      return c;
    });
}

/** A shuffled shoe of `table` that starts with `codes`, the rest of its shoe after them in its own order. */
export function stacked(table: TableDefinition<Card>, codes: string): Card[] {
  const rest = table.shoe();
  const top = cards(codes).map((c) => {
    const at = rest.indexOf(c);
    if (at < 0) throw new Error(`${table.code}'s shoe has no ${c.code} left`);
    return rest.splice(at, 1)[0]!;
  });
  return [...top, ...rest];
}

/** The round `table` deals from a shoe stacked with `codes`. */
export function play(table: TableDefinition<Card>, codes: string): { dealt: string[]; result: RoundResult } {
  const dealt = table.deal(stacked(table, codes));
  return { dealt: dealt.map((d) => `${d.to} ${d.card.code}`), result: table.result(dealt) };
}

/**
 * Every market that did not simply lose, by name: "win", "push", "half-lose", "half-win", or
 * "win@3100" when the market paid by hand. Asserting this whole object asserts every market.
 */
export function paid(table: TableDefinition, result: RoundResult): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of result.markets) {
    if (r.outcome === 'lose') continue;
    const name = table.markets.find((m) => m.sid === r.sid)!.name;
    out[name] = r.odds === undefined ? r.outcome : `${r.outcome}@${r.odds}`;
  }
  return out;
}

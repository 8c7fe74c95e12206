/**
 * A market's names as historic files' definitions carry them (the live stream's carry none): each
 * from the latest definition that carries it. Betfair's real files often name the runners only in
 * later definitions, so the first one alone would show "44331354" for a horse.
 */
import type { MarketDefinition } from './protocol.js';

/**
 * `def` with whatever it leaves out taken from `known` (the merge of the market's earlier
 * definitions): the event's, venue's and market's names and each runner's name, which the runner
 * list of `def` keeps in its own order.
 */
export function withLatestNames(known: MarketDefinition | undefined, def: MarketDefinition): MarketDefinition {
  if (!known) return def;
  const before = new Map(known.runners.map((r) => [r.id, r]));
  return { ...known, ...def, runners: def.runners.map((r) => ({ ...before.get(r.id), ...r })) };
}

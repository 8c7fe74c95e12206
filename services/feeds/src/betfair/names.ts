/**
 * A market's names as historic files' definitions carry them (the live stream's carry none): each
 * from the latest definition that carries it. Betfair's real files often name the runners only in
 * later definitions, so the first one alone would show "44331354" for a horse.
 */
import type { CricketChange, MarketDefinition } from './protocol.js';

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

/**
 * `def` with the names the cricket score stream gives its match where `def` has none: the event
 * (`Home v Away`, as Betfair names a match) and the runners whose selection ids the teams name. A
 * cricket market's definitions carry no names at all, in real files as on the live stream.
 */
export function withScoreNames(def: MarketDefinition, cc: CricketChange): MarketDefinition {
  const teams = [cc.homeTeam, cc.awayTeam].filter((t) => t?.name && t.selectionId !== undefined);
  if (teams.length === 0) return def;
  const named = new Map(teams.map((t) => [t!.selectionId!, t!.name!]));
  const home = cc.homeTeam?.name;
  const away = cc.awayTeam?.name;
  return {
    ...def,
    ...(def.eventName === undefined && home && away ? { eventName: `${home} v ${away}` } : {}),
    runners: def.runners.map((r) => (r.name === undefined && named.has(r.id) ? { ...r, name: named.get(r.id)! } : r)),
  };
}

import {
  resultWords,
  type MarketListed,
  type MarketRenamed,
  type MarketSettled,
  type MatchListed,
  type MatchRenamed,
  type ResultRevoked,
  type SqlClient,
  type StoredEvent,
} from '@exch/contracts';

interface Label {
  id: string;
  /** A match's name or a market's own; null for a match whose settlements came before its listing. */
  name: string | null;
  /** A market's match. */
  match_id: string | null;
  runners: { selectionId: number; name: string }[];
  /** The result of the market's last settlement as words, for the revoke's remark. */
  last_result: string | null;
}

/** A settlement's or revoke's remark; `awaits` names the match whose id stands in for its name until it is listed. */
export interface Remark {
  text: string;
  awaits: string | null;
}

/** Matches a batch names (their rows are locked) and markets (their own stream's: read only). */
const idsOf = (e: StoredEvent): { matches: string[]; markets: string[] } => {
  const d = e.data as Partial<MatchListed & MarketListed & MarketSettled>;
  if (e.type === 'MatchListed' || e.type === 'MatchRenamed') return { matches: [d.matchId!], markets: [] };
  if (e.type === 'MarketListed' || e.type === 'MarketRenamed') return { matches: [], markets: [d.marketId!] };
  if (e.type === 'MarketSettled' || e.type === 'ResultRevoked')
    return { matches: [d.matchId!], markets: [d.marketId!] };
  return { matches: [], markets: [] };
};

const COLUMNS = 'id, name, match_id, runners, last_result';

/**
 * Names of matches and markets as the ledger's settlement remarks need them ("Mumbai v Chennai /
 * Match Odds: Mumbai won", "14:30 Ascot / To Be Placed: 2. Sandwood Jet and 5. Lady Luck placed"). Loaded for the ids a batch names, folded in order, saved once.
 *
 * A market's own events (listing, settlements, revokes) share its stream, so they arrive in order;
 * its match's name comes from another stream. In distributed mode a market may settle before its
 * MatchListed is folded: the remark then carries the match id, and the MatchListed puts the name in
 * its place later. So that no remark is missed between two concurrent transactions, both lock the
 * match's row first: a settlement reads the name only under the lock, and a listing renames the
 * remarks written before it took the lock.
 */
export class MarketLabels {
  static readonly tables = ['rm_ledger_labels'];
  static readonly DDL = [
    `create table if not exists rm_ledger_labels (
      id text primary key,
      name text,
      match_id text,
      runners jsonb not null default '[]',
      last_result text
    )`,
  ];

  private readonly dirty = new Set<string>();
  /** Matches listed in this batch: remarks that carry their id get their name. */
  private readonly listed: string[] = [];

  private constructor(private readonly byId: Map<string, Label>) {}

  static async load(tx: SqlClient, events: StoredEvent[]): Promise<MarketLabels> {
    const named = events.map(idsOf);
    // One sorted statement takes every match lock, so two consumers' transactions cannot deadlock on them.
    const matches = [...new Set(named.flatMap((n) => n.matches))].sort();
    const markets = [...new Set(named.flatMap((n) => n.markets))];
    if (matches.length === 0 && markets.length === 0) return new MarketLabels(new Map());
    const { rows } = await tx.query<Label>(
      `with locked as (
         insert into rm_ledger_labels (id) select unnest($1::text[])
         on conflict (id) do update set name = rm_ledger_labels.name
         returning ${COLUMNS}
       )
       select ${COLUMNS} from locked
       union all
       select ${COLUMNS} from rm_ledger_labels where id = any($2::text[])`,
      [matches, markets],
    );
    return new MarketLabels(new Map(rows.map((r) => [r.id, r])));
  }

  /** Folds a catalogue or settlement event; returns the remark of a settlement or revoke, else null. */
  fold(e: StoredEvent): Remark | null {
    switch (e.type) {
      case 'MatchListed': {
        const d = e.data as MatchListed;
        this.set({ id: d.matchId, name: d.name, match_id: null, runners: [], last_result: null });
        this.listed.push(d.matchId);
        return null;
      }
      case 'MarketListed': {
        const d = e.data as MarketListed;
        this.set({ id: d.marketId, name: d.name, match_id: d.matchId, runners: d.runners, last_result: null });
        return null;
      }
      // Settlements from now on read the new names; remarks already written keep theirs.
      case 'MatchRenamed': {
        const d = e.data as MatchRenamed;
        const label = this.byId.get(d.matchId);
        this.set({ id: d.matchId, match_id: null, runners: [], last_result: null, ...label, name: d.name });
        return null;
      }
      case 'MarketRenamed': {
        const d = e.data as MarketRenamed;
        const label = this.byId.get(d.marketId);
        if (label) this.set({ ...label, name: d.name, runners: d.runners });
        return null;
      }
      case 'MarketSettled': {
        const d = e.data as MarketSettled;
        const label = this.byId.get(d.marketId);
        const result = resultWords(
          d.result,
          (id) => label?.runners.find((r) => r.selectionId === id)?.name ?? `selection ${id}`,
        );
        if (label) this.set({ ...label, last_result: result });
        const title = this.title(d.marketId, d.matchId);
        return { text: `${title.text}: ${result}`, awaits: title.awaits };
      }
      case 'ResultRevoked': {
        const d = e.data as ResultRevoked;
        const label = this.byId.get(d.marketId);
        const title = this.title(d.marketId, d.matchId);
        return {
          text: `Result revoked: ${title.text}${label?.last_result ? ` (${label.last_result})` : ''}`,
          awaits: title.awaits,
        };
      }
      default:
        return null;
    }
  }

  async save(tx: SqlClient): Promise<void> {
    if (this.dirty.size === 0) return;
    const rows = [...this.dirty].sort().map((id) => this.byId.get(id)!);
    await tx.query(
      `insert into rm_ledger_labels (${COLUMNS})
       select ${COLUMNS} from jsonb_to_recordset($1::jsonb) as r(id text, name text, match_id text, runners jsonb, last_result text)
       on conflict (id) do update set name = excluded.name, match_id = excluded.match_id, runners = excluded.runners, last_result = excluded.last_result`,
      [JSON.stringify(rows)],
    );
  }

  /**
   * Puts the names of the matches this batch listed into the remarks that waited for them (only in
   * distributed mode: in log order a match is listed before its markets settle). The match id is
   * the first "<id> / " of such a remark: a settlement's starts with it, a revoke's follows
   * "Result revoked: ".
   */
  async nameAwaitingRemarks(tx: SqlClient): Promise<void> {
    if (this.listed.length === 0) return;
    await tx.query(
      `update rm_ledger_entries e
       set remark = overlay(e.remark placing m.name from strpos(e.remark, m.id || ' / ') for length(m.id)), remark_match_id = null
       from jsonb_to_recordset($1::jsonb) as m(id text, name text)
       where e.remark_match_id = m.id and e.remark_match_id is not null`,
      [JSON.stringify(this.listed.map((id) => ({ id, name: this.byId.get(id)!.name })))],
    );
  }

  /** "match / market" of a market's remark, with the match's id while its name is unknown. */
  private title(marketId: string, matchId: string): Remark {
    const label = this.byId.get(marketId);
    if (!label) return { text: marketId, awaits: null };
    const match = this.byId.get(matchId)?.name ?? null;
    return { text: `${match ?? matchId} / ${label.name}`, awaits: match === null ? matchId : null };
  }

  private set(label: Label): void {
    this.byId.set(label.id, label);
    this.dirty.add(label.id);
  }
}

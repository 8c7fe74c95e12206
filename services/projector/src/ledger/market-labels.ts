import type { MarketListed, MarketSettled, MatchListed, ResultRevoked, SqlClient, StoredEvent } from '@exch/contracts';

interface Label {
  id: string;
  /** Match name, or "match / market" for a market. */
  name: string;
  runners: { selectionId: number; name: string }[];
  /** The result of the market's last settlement as words, for the revoke's remark. */
  last_result: string | null;
}

const idsOf = (e: StoredEvent): string[] => {
  const d = e.data as Partial<MatchListed & MarketListed & MarketSettled>;
  if (e.type === 'MatchListed') return [d.matchId!];
  if (e.type === 'MarketListed') return [d.marketId!, d.matchId!];
  if (e.type === 'MarketSettled' || e.type === 'ResultRevoked') return [d.marketId!];
  return [];
};

/**
 * Names of matches and markets as the ledger's settlement remarks need them ("Mumbai v Chennai /
 * Match Odds: Mumbai won"). Loaded for the ids a batch names, folded in order, saved once.
 */
export class MarketLabels {
  static readonly tables = ['rm_ledger_labels'];
  static readonly DDL = [
    `create table if not exists rm_ledger_labels (
      id text primary key,
      name text not null,
      runners jsonb not null default '[]',
      last_result text
    )`,
  ];

  private readonly dirty = new Set<string>();

  private constructor(private readonly byId: Map<string, Label>) {}

  static async load(tx: SqlClient, events: StoredEvent[]): Promise<MarketLabels> {
    const ids = [...new Set(events.flatMap(idsOf))];
    if (ids.length === 0) return new MarketLabels(new Map());
    const { rows } = await tx.query<Label>(`select id, name, runners, last_result from rm_ledger_labels where id = any($1::text[])`, [ids]);
    return new MarketLabels(new Map(rows.map((r) => [r.id, r])));
  }

  /** Folds a catalogue or settlement event; returns the remark of a settlement or revoke, else null. */
  fold(e: StoredEvent): string | null {
    switch (e.type) {
      case 'MatchListed': {
        const d = e.data as MatchListed;
        this.set({ id: d.matchId, name: d.name, runners: [], last_result: null });
        return null;
      }
      case 'MarketListed': {
        const d = e.data as MarketListed;
        const match = this.byId.get(d.matchId)?.name ?? d.matchId;
        this.set({ id: d.marketId, name: `${match} / ${d.name}`, runners: d.runners, last_result: null });
        return null;
      }
      case 'MarketSettled': {
        const d = e.data as MarketSettled;
        const label = this.byId.get(d.marketId);
        const result = d.result.runs !== undefined
          ? `${d.result.runs} runs`
          : `${label?.runners.find((r) => r.selectionId === d.result.selectionId)?.name ?? `selection ${d.result.selectionId}`} won`;
        if (label) this.set({ ...label, last_result: result });
        return `${label?.name ?? d.marketId}: ${result}`;
      }
      case 'ResultRevoked': {
        const d = e.data as ResultRevoked;
        const label = this.byId.get(d.marketId);
        return `Result revoked: ${label?.name ?? d.marketId}${label?.last_result ? ` (${label.last_result})` : ''}`;
      }
      default:
        return null;
    }
  }

  async save(tx: SqlClient): Promise<void> {
    if (this.dirty.size === 0) return;
    const rows = [...this.dirty].map((id) => this.byId.get(id)!);
    await tx.query(
      `insert into rm_ledger_labels (id, name, runners, last_result)
       select id, name, runners, last_result from jsonb_to_recordset($1::jsonb) as r(id text, name text, runners jsonb, last_result text)
       on conflict (id) do update set name = excluded.name, runners = excluded.runners, last_result = excluded.last_result`,
      [JSON.stringify(rows)],
    );
  }

  private set(label: Label): void {
    this.byId.set(label.id, label);
    this.dirty.add(label.id);
  }
}

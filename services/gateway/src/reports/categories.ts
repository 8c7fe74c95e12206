/**
 * Profit and loss per category, computed in one place: from the ledger read model's postings to
 * players' wallets (rm_ledger_entries, one row per posting with its statement `kind`), each kind
 * mapped to the report column it belongs to. Every report (the downline profit-loss, the
 * partnership statement, the daily charts, their CSV) reads the figures through here.
 */
import { PNL_CATEGORIES, type Paise, type PnlCategory } from '@exch/contracts';

/**
 * Ledger kind -> report category. Sports: bet settlements and their revokes. Casino (the house's
 * own tables): the kind the casino branch's CasinoRoundSettled posts. Third party: the kinds the
 * international casino's seamless-wallet debits, credits and rollbacks post. A merge that adds a
 * money event with a new statement kind adds its line here and nowhere else.
 */
export const LEDGER_KIND_CATEGORY: Readonly<Record<string, PnlCategory>> = {
  settlement: 'sports',
  revoke: 'sports',
  casino: 'casino',
  'casino-bet': 'thirdParty',
  'casino-win': 'thirdParty',
  'casino-refund': 'thirdParty',
};

export const PNL_KINDS = Object.keys(LEDGER_KIND_CATEGORY);

/** SQL: the category of ledger row `e` (one of PNL_KINDS). */
export const CATEGORY_SQL = `case e.kind ${Object.entries(LEDGER_KIND_CATEGORY)
  .map(([kind, cat]) => `when '${kind}' then '${cat}'`)
  .join(' ')} end`;

/** Paise per category. */
export type CategoryPaise = Record<PnlCategory, Paise>;

export const zeroCategories = (): CategoryPaise => ({ sports: 0, casino: 0, thirdParty: 0 });
export const sumCategories = (c: CategoryPaise): Paise => PNL_CATEGORIES.reduce((s, k) => s + c[k], 0);
export const addCategories = (a: CategoryPaise, b: CategoryPaise): CategoryPaise => ({
  sports: a.sports + b.sports,
  casino: a.casino + b.casino,
  thirdParty: a.thirdParty + b.thirdParty,
});
export const subCategories = (a: CategoryPaise, b: CategoryPaise): CategoryPaise => ({
  sports: a.sports - b.sports,
  casino: a.casino - b.casino,
  thirdParty: a.thirdParty - b.thirdParty,
});
export const negCategories = (a: CategoryPaise): CategoryPaise => subCategories(zeroCategories(), a);

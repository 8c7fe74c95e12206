import type { PnlCategory } from '@exch/contracts';

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

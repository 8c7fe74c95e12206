/**
 * Profit and loss per category: the ledger's queries sum players' postings per report column
 * (services/projector/src/ledger/categories.ts maps each statement kind to its column), and every
 * report (the downline profit-loss, the partnership statement, the daily charts, their CSV) adds
 * the figures up here.
 */
import { PNL_CATEGORIES, type Paise, type PnlCategory } from '@exch/contracts';

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

import * as v from 'valibot';
import { MAX_AMOUNT_PAISE, type Paise } from '../money.js';

/** Why a typed rupee amount is not acceptable, or its exact value in paise. */
export function parseRupees(input: unknown, field: string, allowZero: boolean): { paise: Paise } | { error: string } {
  if (typeof input !== 'number' && typeof input !== 'string') return { error: `${field} must be a number` };
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : 'x') : input.trim();
  if (/^-/.test(text)) return { error: `${field} must not be negative` };
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return { error: `${field} must be a number` };
  if ((m[2] ?? '').length > 2) return { error: `${field} can have at most 2 decimals (whole paise)` };
  if (m[1]!.length > 14) return { error: `${field} is too large` };
  const paise = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (paise > MAX_AMOUNT_PAISE) return { error: `${field} is too large` };
  if (paise === 0 && !allowZero) return { error: `${field} must be greater than zero` };
  return { paise };
}

/** Rupees as typed by a person ("1500", "1500.5") to paise; null when not an exact, positive-or-zero paise amount. */
export function rupeesToPaise(input: string | number): Paise | null {
  const r = parseRupees(input, 'Amount', true);
  return 'paise' in r ? r.paise : null;
}

/** A rupee amount (JSON number or decimal string) parsed exactly to integer paise at the edge. */
export const rupees = (field: string, { allowZero = false } = {}) =>
  v.pipe(
    v.unknown(),
    v.rawTransform<unknown, Paise>(({ dataset, addIssue, NEVER }) => {
      const r = parseRupees(dataset.value, field, allowZero);
      if ('error' in r) {
        addIssue({ message: r.error });
        return NEVER;
      }
      return r.paise;
    }),
  );

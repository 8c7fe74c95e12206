import * as v from 'valibot';
import { MAX_AMOUNT_PAISE, type Paise } from '../money.js';

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d+))?$/;

export interface DecimalRule {
  /** Most digits after the point: 2 for rupees and match odds, 0 for whole numbers. */
  decimals: number;
  /** Largest value, in the scaled unit (paise, hundredths). */
  max: number;
  allowZero: boolean;
}

/**
 * A number as a person types it, to an exact integer in units of 10^-decimals: only plain decimals
 * (digits, an optional point, at most `decimals` digits after it), as text or as a JSON number with
 * the same value. No hex ("0x10"), exponent ("1e1"), Infinity, NaN, sign or negative zero: Number()
 * would read them all, and a bet at odds "0x10" is not what anyone typed.
 */
export function parseDecimal(input: unknown, field: string, rule: DecimalRule): { value: number } | { error: string } {
  if (typeof input !== 'number' && typeof input !== 'string') return { error: `${field} must be a number` };
  if (typeof input === 'number' && (!Number.isFinite(input) || Object.is(input, -0)))
    return { error: `${field} must be a number` };
  const text = typeof input === 'number' ? String(input) : input.trim();
  if (/^-/.test(text)) return { error: `${field} must not be negative` };
  const m = PLAIN_DECIMAL.exec(text);
  if (!m) return { error: `${field} must be a number` };
  if ((m[2] ?? '').length > rule.decimals) {
    return {
      error:
        rule.decimals === 0 ? `${field} must be a whole number` : `${field} can have at most ${rule.decimals} decimals`,
    };
  }
  if (m[1]!.length > 15) return { error: `${field} is too large` };
  const value = Number(m[1]) * 10 ** rule.decimals + Number((m[2] ?? '').padEnd(rule.decimals, '0') || '0');
  if (value > rule.max) return { error: `${field} is too large` };
  if (value === 0 && !rule.allowZero) return { error: `${field} must be greater than zero` };
  return { value };
}

/** Why a typed rupee amount is not acceptable, or its exact value in paise. */
export function parseRupees(input: unknown, field: string, allowZero: boolean): { paise: Paise } | { error: string } {
  const r = parseDecimal(input, field, { decimals: 2, max: MAX_AMOUNT_PAISE, allowZero });
  if ('error' in r)
    return r.error.endsWith('at most 2 decimals') ? { error: `${field} can have at most 2 decimals (whole paise)` } : r;
  return { paise: r.value };
}

/** Rupees as typed by a person ("1500", "1500.5") to paise; null when not an exact, positive-or-zero paise amount. */
export function rupeesToPaise(input: string | number): Paise | null {
  const r = parseRupees(input, 'Amount', true);
  return 'paise' in r ? r.paise : null;
}

/** Paise from a rupee amount; with `blankIsNone`, an empty string is no value (a filter left empty). */
function rupeeAction(field: string, allowZero: boolean, blankIsNone: boolean) {
  return v.rawTransform<number | string, Paise>(({ dataset, addIssue, NEVER }) => {
    if (blankIsNone && dataset.value === '') return undefined as unknown as Paise;
    const r = parseRupees(dataset.value, field, allowZero);
    if ('error' in r) {
      addIssue({ message: r.error });
      return NEVER;
    }
    return r.paise;
  });
}

const numberOrText = (field: string) => v.union([v.number(), v.string()], `${field} must be a number`);

/** A rupee amount (JSON number or decimal string) parsed exactly to integer paise at the edge. */
export const rupees = (field: string, { allowZero = false } = {}) =>
  v.pipe(numberOrText(field), rupeeAction(field, allowZero, false));

/** An optional rupee filter (amount from/to): left out or empty means no filter. */
export const optionalRupees = (field: string) =>
  v.optional(
    v.pipe(
      numberOrText(field),
      rupeeAction(field, true, true) as v.RawTransformAction<number | string, Paise | undefined>,
    ),
  );

/** A percentage with at most 2 decimals, to basis points exactly (2.5 -> 250), 0 to 100. */
export const percentBp = (field: string, message: string) =>
  v.pipe(
    numberOrText(field),
    v.rawTransform<number | string, number>(({ dataset, addIssue, NEVER }) => {
      const r = parseDecimal(dataset.value, field, { decimals: 2, max: 10_000, allowZero: true });
      if ('value' in r) return r.value;
      addIssue({ message });
      return NEVER;
    }),
  );

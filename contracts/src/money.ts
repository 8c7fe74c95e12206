/**
 * Money is integer paise (DESIGN.md rule 1). The largest amount we accept in one movement is
 * 10^13 paise (one lakh crore rupees): far above any real stake, far below 2^53.
 */
export type Paise = number;
export const MAX_AMOUNT_PAISE = 10_000_000_000_000;

export const isPaise = (n: unknown): n is Paise => typeof n === 'number' && Number.isSafeInteger(n);
export const isPositivePaise = (n: unknown): n is Paise => isPaise(n) && n > 0 && n <= MAX_AMOUNT_PAISE;

/** Rupees as typed by a person ("1500", "1500.5", "1500.50") to paise; null when not an exact paise amount. */
export function rupeesToPaise(input: string | number): Paise | null {
  const s = typeof input === 'number' ? String(input) : input.trim();
  const m = /^(\d{1,14})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const paise = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(paise) ? paise : null;
}

const rupeesPart = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
/** 10000000 paise -> "1,00,000.00" (Indian digit grouping, DESIGN.md "The screens"), without floating point. */
export const formatPaise = (p: Paise): string => {
  const abs = Math.abs(p);
  return (p < 0 ? '-' : '') + rupeesPart.format(Math.trunc(abs / 100)) + '.' + String(abs % 100).padStart(2, '0');
};

/** For JSON answers only: rupees as a number. Exact to the paisa when printed (paise / 100 round-trips). */
export const paiseToRupees = (p: Paise): number => p / 100;

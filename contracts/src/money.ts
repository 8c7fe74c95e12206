/**
 * Money is integer paise (DESIGN.md rule 1). The largest amount we accept in one movement is
 * 10^13 paise (one lakh crore rupees): far above any real stake, far below 2^53.
 */
export type Paise = number;
export const MAX_AMOUNT_PAISE = 10_000_000_000_000;

export const isPaise = (n: unknown): n is Paise => typeof n === 'number' && Number.isSafeInteger(n);
export const isPositivePaise = (n: unknown): n is Paise => isPaise(n) && n > 0 && n <= MAX_AMOUNT_PAISE;

const rupeesPart = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
/** 10000000 paise -> "1,00,000.00" (Indian digit grouping, DESIGN.md "The screens"), without floating point. */
export const formatPaise = (p: Paise): string => {
  const abs = Math.abs(p);
  return (p < 0 ? '-' : '') + rupeesPart.format(Math.trunc(abs / 100)) + '.' + String(abs % 100).padStart(2, '0');
};

/** Paise as people read rupees: "₹1,00,000.00", a loss "-₹500.00" (the screens' and the messages' money). */
export const formatInr = (p: Paise): string => `${p < 0 ? '-' : ''}₹${formatPaise(Math.abs(p))}`;

/** For JSON answers only: rupees as a number. Exact to the paisa when printed (paise / 100 round-trips). */
export const paiseToRupees = (p: Paise): number => p / 100;

/** Paise as a plain decimal for CSV and other machine-read text: -250050 -> "-2500.50". */
export const paiseToDecimal = (p: Paise): string =>
  `${p < 0 ? '-' : ''}${Math.trunc(Math.abs(p) / 100)}.${String(Math.abs(p) % 100).padStart(2, '0')}`;

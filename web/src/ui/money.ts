import { formatInr, type Paise, type UserDto } from '@exch/contracts';

/** Rupees from the API are exact to the paisa; rounding undoes the float's representation error. */
export const toPaise = (rupees: number): Paise => Math.round(rupees * 100);

/** Paise as "₹1,00,000.00", Indian digit grouping (DESIGN.md, "The screens"); a loss as "-₹500.00". */
export { formatInr };

/**
 * The sum of rupee amounts from the API, in paise: each is made whole paise before adding, so a
 * long column never drifts by a float's error (0.1 + 0.2 rupees is 30 paise, not 30.000000000000004).
 */
export const sumPaise = <R>(rows: readonly R[], rupees: (row: R) => number): Paise =>
  rows.reduce((s, r) => s + toPaise(rupees(r)), 0);

/** Rupees from the API, formatted the same way. */
export const formatRupees = (rupees: number): string => formatInr(toPaise(rupees));

/** Available to bet = balance - exposure (DESIGN.md, "Exposure"), worked out in paise. */
export const availablePaise = ({ balance, exposer }: UserDto['balance']): Paise => toPaise(balance) - toPaise(exposer);

/** The CSS class of an amount with the sign of a profit or loss. */
export const pnlClass = (n: number): string => (n > 0 ? 'positive' : n < 0 ? 'negative' : '');

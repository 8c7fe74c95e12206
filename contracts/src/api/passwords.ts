import * as v from 'valibot';
import { text } from './text.js';

/** At least 8 characters with a letter and a digit: the floor for accounts that hold money. */
export const NewPassword = (field = 'Password') =>
  v.pipe(
    text(field, { min: 8, max: 100, trim: false }),
    v.regex(/[A-Za-z]/, `${field} must contain a letter`),
    v.regex(/\d/, `${field} must contain a digit`),
  );

/** Passwords are taken as typed (not trimmed), under the same character rule as any text. */
export const password = (field: string, max = 100) => text(field, { min: 1, max, trim: false });
export const TransactionPassword = password('Transaction password');

/** POST /api/admin/markets/{marketId}/void and /revoke, and every other command that moves many players' money. */
export const TransactionPasswordBody = v.strictObject({ transaction_password: TransactionPassword });

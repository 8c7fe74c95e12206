import { paiseToDecimal, type Paise } from '../money.js';

/**
 * Indian payment formats (../shared/CASINO-PAYMENTS.md section 5), shared by the gateway's checks,
 * the engine's and the web forms', so all three say the same thing.
 */

/** How a deposit was paid: UPI Payment or Account Transfer (IMPS, NEFT or RTGS) to the payee's details. */
export const DEPOSIT_METHODS = ['upi', 'bank'] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];

/** UPI and IMPS transfers have a 12-digit UTR. */
export const UTR_DIGITS = /^\d{12}$/;
/** NEFT (16) and RTGS (22) references start with the bank code; sources disagree on the rest, so any 16 to 22 letters and digits. */
export const UTR_REFERENCE = /^[A-Z0-9]{16,22}$/;
/** Four letters, a reserved 0, six letters or digits. */
export const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** Indian bank account numbers are 9 to 18 digits. */
export const ACCOUNT_NUMBER = /^\d{9,18}$/;
/** name@handle, as UPI apps show a virtual payment address. */
export const UPI_ID = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/;

/** UTRs are compared trimmed and upper-case: the uniqueness rule must not be dodged by case or spaces. */
export const normalizeUtr = (utr: string): string => utr.trim().toUpperCase();

/** Why a UTR does not fit the method it was paid by, or null. UPI only has the 12-digit form. */
export function utrProblem(method: DepositMethod, utr: string): string | null {
  const u = normalizeUtr(utr);
  if (UTR_DIGITS.test(u)) return null;
  if (method === 'upi') return 'UTR number must be the 12 digits your UPI app shows';
  return UTR_REFERENCE.test(u)
    ? null
    : 'UTR number must be 12 digits (IMPS) or 16 to 22 letters and digits (NEFT/RTGS)';
}

export const UTR_TAKEN = 'This UTR number has already been used';

/** SPEC.md's deposit hint: shown, not enforced (SPEC.md section 5). */
export const DEPOSIT_RANGE_HINT = 'Range: 100 - 100000';

/** A UPI note is at most 50 characters (NPCI linking specification). */
const NOTE_MAX = 50;

/**
 * The UPI intent a QR code encodes (NPCI UPI Linking Specification): payee address, payee name,
 * amount in rupees with two decimals, INR and a note, each URL-encoded.
 */
export function upiPayLink(p: { upiId: string; name: string; amount: Paise; note: string }): string {
  const q = [
    ['pa', p.upiId],
    ['pn', p.name],
    ['am', paiseToDecimal(p.amount)],
    ['cu', 'INR'],
    ['tn', p.note.slice(0, NOTE_MAX)],
  ];
  return `upi://pay?${q.map(([k, v]) => `${k}=${encodeURIComponent(v!)}`).join('&')}`;
}

/** Phone screenshots are well under this; a bound on what one request may make the database keep. */
export const MAX_SCREENSHOT_BYTES = 4 * 1024 * 1024;
export const NOT_AN_IMAGE = 'The screenshot must be a PNG or JPEG image (png, jpg, jpeg)';

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];

/** The image type by its first bytes (png, jpg, jpeg), whatever the file is called; null for anything else. */
export function screenshotType(bytes: Uint8Array): 'image/png' | 'image/jpeg' | null {
  const is = (magic: number[]) => bytes.length > magic.length && magic.every((b, i) => bytes[i] === b);
  return is(PNG_MAGIC) ? 'image/png' : is(JPEG_MAGIC) ? 'image/jpeg' : null;
}

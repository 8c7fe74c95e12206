import { MAX_SCREENSHOT_BYTES, NOT_AN_IMAGE, screenshotType } from '@exch/contracts';

/** Why a chosen file cannot be the payment screenshot, or null: the server's own rules, checked before a phone uploads for nothing. */
export async function screenshotProblem(file: File): Promise<string | null> {
  if (file.size > MAX_SCREENSHOT_BYTES) return 'The screenshot is too large (at most 4 MB)';
  return screenshotType(new Uint8Array(await file.slice(0, 16).arrayBuffer())) ? null : NOT_AN_IMAGE;
}

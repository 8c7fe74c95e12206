import * as v from 'valibot';
import { text } from '../api/text.js';

/** SPEC.md section 5: stream URLs must parse as valid URLs (http or https here: a frame's page). */
export function isStreamUrl(s: string): boolean {
  try {
    const url = new URL(s);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const streamUrl = (field: string) =>
  v.nullish(
    v.pipe(
      text(field, { max: 500 }),
      v.check((s) => s === '' || isStreamUrl(s), `${field} must be a valid http or https URL`),
      v.transform((s) => (s === '' ? null : s)),
    ),
  );

/** PUT /api/admin/matches/{matchId}/streams: empty or null clears a frame. */
export const MatchStreamsBody = v.strictObject({ tvUrl: streamUrl('tvUrl'), scoreUrl: streamUrl('scoreUrl') });

/** GET /api/matches/{matchId}/streams: the frames a page may show (checked; null when none or unusable). */
export interface MatchStreams {
  tv: string | null;
  score: string | null;
}

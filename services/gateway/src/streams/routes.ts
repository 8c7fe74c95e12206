import { MatchStreamsBody, type MatchStreams } from '@exch/contracts';
import { matchStreams } from '@exch/projector/read';
import { send } from '../http/commands.js';
import { HttpError } from '../http/errors.js';
import { params } from '../http/route.js';
import type { ExchangeDeps } from '../deps.js';
import { dropExpired } from '../directory/expire.js';
import { findMatch } from '../markets/read.js';

/** SPEC.md section 2: a frame is shown only if its page does not say this. */
const INVALID_EVENT = 'Invalid Event ID';
const CHECK_TIMEOUT_MS = 3_000;
/** A checked URL is trusted this long before it is fetched again. */
const CHECK_TTL_MS = 60_000;

/**
 * Whether a frame's page is usable: it answers 2xx within 3 s and its text does not say 'Invalid
 * Event ID'. Fetched by the gateway (the page's origin need not allow the browser to read it),
 * and remembered for a minute so a busy match page does not hammer the stream's host.
 */
class FrameCheck {
  private readonly known = new Map<string, { ok: boolean; at: number }>();

  async usable(url: string | null): Promise<string | null> {
    if (url === null) return null;
    const seen = this.known.get(url);
    if (seen && Date.now() - seen.at < CHECK_TTL_MS) return seen.ok ? url : null;
    let ok = false;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS), redirect: 'follow' });
      ok = res.ok && !(await res.text()).includes(INVALID_EVENT);
    } catch {
      ok = false;
    }
    const at = Date.now();
    // Kept in the order checked, so what has expired (every match ever shown, over years) is
    // dropped from the front.
    this.known.delete(url);
    this.known.set(url, { ok, at });
    dropExpired(this.known, (seen) => seen.at, at - CHECK_TTL_MS);
    return ok ? url : null;
  }

  forget(...urls: (string | null)[]): void {
    for (const u of urls) if (u !== null) this.known.delete(u);
  }
}

/**
 * Live TV and score frames per match: an admin sets their URLs (only from origins the
 * Content-Security-Policy allows, GatewayOptions.frameOrigins / FRAME_ORIGINS), and match pages
 * ask which of them to show.
 */
export function streamRoutes({ sql, commands, route }: ExchangeDeps, frameOrigins: readonly string[]): void {
  const allowed = new Set(frameOrigins.map((o) => new URL(o).origin));
  const check = new FrameCheck();

  route(
    {
      method: 'PUT',
      url: '/api/admin/matches/:matchId/streams',
      access: 'market-admin',
      tag: 'Market management',
      summary:
        "Set (or clear with null or empty) a match's live TV and score frame URLs; their origins must be among the allowed frame origins",
      params: params('matchId'),
      body: MatchStreamsBody,
      answer: 'Message',
    },
    async (req, { params: p, body }) => {
      const match = await findMatch(sql, p.matchId);
      const tvUrl = body.tvUrl ?? null;
      const scoreUrl = body.scoreUrl ?? null;
      for (const url of [tvUrl, scoreUrl]) {
        if (url === null) continue;
        const origin = new URL(url).origin;
        if (!allowed.has(origin))
          throw new HttpError(
            400,
            `Frames from ${origin} are not allowed: add it to FRAME_ORIGINS`,
            'FRAME_ORIGIN_NOT_ALLOWED',
          );
      }
      await send(commands, req, { type: 'SetMatchStreams', matchId: match.match_id, tvUrl, scoreUrl });
      check.forget(tvUrl, scoreUrl);
      return { message: 'Streams saved' };
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/admin/matches/:matchId/streams',
      access: 'market-admin',
      tag: 'Market management',
      summary: "The match's live TV and score URLs as set (the admin's dialog starts from them, shown or not)",
      params: params('matchId'),
    },
    async (_req, { params: p }): Promise<MatchStreams> => {
      const match = await findMatch(sql, p.matchId);
      const row = await matchStreams(sql, match.match_id);
      return { tv: row?.tv_url ?? null, score: row?.score_url ?? null };
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/matches/:matchId/streams',
      access: 'any',
      backOffice: 'own',
      tag: 'Discovery',
      summary:
        "The match's live TV and score frames a page may show: each only if set, allowed and its page does not say 'Invalid Event ID'",
      params: params('matchId'),
    },
    async (_req, { params: p }): Promise<MatchStreams> => {
      const row = await matchStreams(sql, p.matchId);
      if (!row) return { tv: null, score: null };
      const ok = (url: string | null) =>
        url !== null && allowed.has(new URL(url).origin) ? check.usable(url) : Promise.resolve(null);
      const [tv, score] = await Promise.all([ok(row.tv_url), ok(row.score_url)]);
      return { tv, score };
    },
  );
}

import { isStreamUrl, matchStream, type SetMatchStreams } from '@exch/contracts';
import { isMarketAdmin } from '../betting/catalogue.js';
import { accept, refuse, type Decision } from '../decision.js';
import type { EngineState } from '../state.js';

/** An admin or super admin sets a listed match's live TV and score frames; nothing the engine decides bets on. */
export function decideSetMatchStreams(
  state: Readonly<EngineState>,
  c: SetMatchStreams,
  actor: string | null,
): Decision {
  if (!isMarketAdmin(state, actor)) return refuse('FORBIDDEN', 'Only admin and super admin manage markets');
  if (!state.matches[c.matchId]) return refuse('MATCH_NOT_FOUND', 'Match not found');
  for (const url of [c.tvUrl, c.scoreUrl])
    if (url !== null && !isStreamUrl(url)) return refuse('INVALID_URL', 'Stream URLs must be valid http or https URLs');
  return accept({
    type: 'MatchStreamsSet',
    streamId: matchStream(c.matchId),
    data: { matchId: c.matchId, tvUrl: c.tvUrl, scoreUrl: c.scoreUrl },
  });
}

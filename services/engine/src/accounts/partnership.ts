import { FULL_SHARE_BP, userStream, type SetPartnership } from '@exch/contracts';
import { isDecision, managed } from './manage.js';
import { accept, refuse, type Decision } from '../decision.js';
import type { EngineState } from '../state.js';

/** A back-office account's share: the top admin holds all of it, an account never set holds none. */
export const shareOf = (state: EngineState, userId: string): number =>
  state.users.get(userId)?.parentId === null ? FULL_SHARE_BP : (state.partnership[userId] ?? 0);

const percent = (bp: number): string => `${(bp / 100).toFixed(2)}%`;

/**
 * Why an account of `role` under `parentId`, whose children hold up to `floor`, cannot hold
 * `shareBp`; null when it can.
 */
export function shareRefusal(
  state: EngineState,
  role: string,
  parentId: string,
  floor: number,
  shareBp: number,
): Decision | null {
  if (role === 'user') return refuse('ROLE_NOT_ALLOWED', 'Partnership shares are for back-office accounts only');
  if (!Number.isSafeInteger(shareBp) || shareBp < 0 || shareBp > FULL_SHARE_BP)
    return refuse('INVALID_SHARE', 'Partnership share must be 0 to 100 with at most 2 decimals');
  const ceiling = shareOf(state, parentId);
  if (shareBp > ceiling)
    return refuse(
      'SHARE_ABOVE_UPLINE',
      `Partnership share cannot be above what the upline holds (${percent(ceiling)})`,
    );
  if (shareBp < floor)
    return refuse('SHARE_BELOW_DOWNLINE', `A downline account holds ${percent(floor)}: lower its share first`);
  return null;
}

/**
 * An upline sets a back-office account's share of its downline's results: never above what the
 * account's own upline holds (its part would be negative) and never below what one of its children
 * holds (theirs would then be above it). Players hold none; the top admin holds 100%.
 */
export function decideSetPartnership(state: EngineState, c: SetPartnership, actor: string | null): Decision {
  const target = managed(state, actor, c.userId);
  if (isDecision(target)) return target;
  const parentId = target.parentId!;
  // Only accounts with a share set can hold one (players never do): walking those, not every user,
  // costs the back office's size rather than the players' (a dealer may have hundreds of thousands).
  let floor = 0;
  for (const [userId, shareBp] of Object.entries(state.partnership))
    if (state.users.get(userId)?.parentId === c.userId) floor = Math.max(floor, shareBp);
  const refused = shareRefusal(state, target.role, parentId, floor, c.shareBp);
  if (refused) return refused;
  if (shareOf(state, c.userId) === c.shareBp) return accept();
  return accept({
    type: 'PartnershipSet',
    streamId: userStream(c.userId),
    data: { userId: c.userId, parentId, shareBp: c.shareBp },
  });
}

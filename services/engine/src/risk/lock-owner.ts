import { refuse, type Decision } from '../decision.js';
import { isAncestor, type EngineState } from '../state.js';

/** What a lock command does to a lock, given who holds it (docs/risk.md "Locks have an owner"). */
export type LockStep = 'keep' | 'write' | 'set-above';

/**
 * A lock belongs to the account that set it: that account, or any account above it, may lift it;
 * no one below it may. Locking what a lower account locked takes the lock over, so the lower one
 * can no longer lift what its upline wants locked. `owner` null: no owner recorded, any upline may
 * lift it (and locking it again changes nothing, as for any lock already held). The actor and the owner are both above the locked account, so one is above the other.
 */
export function lockStep(
  state: Readonly<EngineState>,
  actor: string,
  held: boolean,
  owner: string | null,
  locking: boolean,
): LockStep {
  if (locking) {
    if (!held) return 'write';
    return owner !== null && owner !== actor && isAncestor(state, actor, owner) ? 'write' : 'keep';
  }
  if (!held) return 'keep';
  return owner === null || owner === actor || isAncestor(state, actor, owner) ? 'write' : 'set-above';
}

export const LOCK_SET_ABOVE = 'LOCK_SET_ABOVE';

export const lockSetAbove = (): Decision =>
  refuse(LOCK_SET_ABOVE, 'This lock was set above you: only the account that set it, or one above it, can lift it');

import { randomUUID } from 'node:crypto';
import type { CashOut, CommandEnvelope, ExecuteResult, FeedUpdate, PlaceBet } from '@exch/contracts';

/** A command waiting for its turn, and its caller's answer. */
export interface Pending {
  envelope: CommandEnvelope;
  resolve: (r: ExecuteResult) => void;
  reject: (e: Error) => void;
}

/** A feed price change: applied to the quotes in turn order, so decisions see prices in arrival order. */
export interface QuoteItem {
  quote: FeedUpdate;
}

export type Queued = Pending | QuoteItem;

export const REMATCH_PREFIX = 'rematch:';
export const HOUSEKEEP_PREFIX = 'housekeep:';
export const RESTORE_PREFIX = 'restore:';
export const AUTO_CASH_OUT_PREFIX = 'autocashout:';
/** The engine's own commands: one that changed nothing is not remembered (it is never retried). */
const OWN_PREFIXES = [REMATCH_PREFIX, HOUSEKEEP_PREFIX, RESTORE_PREFIX, AUTO_CASH_OUT_PREFIX];

export const isOwn = (commandId: string): boolean => OWN_PREFIXES.some((prefix) => commandId.startsWith(prefix));

/** A command the engine sends itself: no actor, and a fresh id under its prefix. */
export const ownEnvelope = (prefix: string, at: string, command: CommandEnvelope['command']): CommandEnvelope => ({
  commandId: `${prefix}${randomUUID()}`,
  correlationId: randomUUID(),
  actor: null,
  ip: null,
  device: null,
  at,
  command,
});

/** An engine's own command queued ahead of one waiting for it: nobody waits for its answer (a refusal changes nothing). */
export const ownPending = (prefix: string, at: string, command: CommandEnvelope['command']): Pending => ({
  envelope: ownEnvelope(prefix, at, command),
  resolve: () => {},
  reject: () => {},
});

/** A bet and a cash out wait out a market's in-play delay and are decided again after it. */
export const delayable = (c: CommandEnvelope['command']): c is PlaceBet | CashOut =>
  c.type === 'PlaceBet' || c.type === 'CashOut';

import type { Refusal } from './errors.js';
import type { DomainEvent } from './events.js';
import type { AccountCommand } from './accounts/commands.js';
import type { BettingCommand } from './betting/commands.js';
import type { CasinoCommand } from './casino/commands.js';
import type { PaymentCommand } from './payments/commands.js';
import type { ProviderCommand } from './provider/commands.js';
import type { PartnershipCommand } from './partnership/commands.js';
import type { SetMatchStreams } from './streams/commands.js';
import type { RiskCommand } from './risk/commands.js';
import type { ProjectionCommand } from './projections/commands.js';

export type * from './accounts/commands.js';
export type * from './betting/commands.js';
export type * from './casino/commands.js';
export type * from './payments/commands.js';
export type * from './provider/commands.js';
export type * from './partnership/commands.js';
export type * from './streams/commands.js';
export type * from './risk/commands.js';
export type * from './projections/commands.js';

export type Command =
  | AccountCommand
  | BettingCommand
  | CasinoCommand
  | PaymentCommand
  | ProviderCommand
  | PartnershipCommand
  | SetMatchStreams
  | RiskCommand
  | ProjectionCommand;

/** A command as the gateway stamps it: ids and time enter here, never inside a fold (DESIGN.md rule 5). */
export interface CommandEnvelope<C extends Command = Command> {
  /** Client idempotency key: a retry with the same id gets the first answer. */
  commandId: string;
  correlationId: string;
  actor: string | null;
  ip: string | null;
  device: string | null;
  at: string;
  command: C;
}

/** One event of a command as the journal committed it, with its position and the command's time. */
export type CommittedEvent = DomainEvent & { position: number; at: string };

/**
 * The engine's answer, given only after the command's events are durable (DESIGN.md rule 4): the
 * committed events themselves, so a caller answers from the decision instead of reading it back.
 */
export type ExecuteResult =
  | { ok: true; positions: number[]; events: CommittedEvent[]; duplicate: boolean }
  | { ok: false; refusal: Refusal };

/** How the gateway reaches the engine: in process, or (distributed mode) the current leader. */
export interface CommandBus {
  execute(envelope: CommandEnvelope): Promise<ExecuteResult>;
}

import type { Refusal } from './errors.js';
import type { AccountCommand } from './accounts/commands.js';
import type { BettingCommand } from './betting/commands.js';

export type * from './accounts/commands.js';
export type * from './betting/commands.js';

export type Command = AccountCommand | BettingCommand;

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

/** The engine's answer, given only after the command's events are durable (DESIGN.md rule 4). */
export type ExecuteResult = { ok: true; positions: number[]; duplicate: boolean } | { ok: false; refusal: Refusal };

/** How the gateway reaches the engine: in process, or (distributed mode) the current leader. */
export interface CommandBus {
  execute(envelope: CommandEnvelope): Promise<ExecuteResult>;
}

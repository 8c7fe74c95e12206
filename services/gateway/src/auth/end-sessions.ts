import type { FastifyRequest } from 'fastify';
import type { SessionEndReason } from '@exch/contracts';
import { send, type Commands } from '../http/commands.js';
import type { Sessions } from './sessions.js';

/**
 * Ends sessions in the gateway's tables, then journals it: every gateway then forgets them and
 * closes their websockets with the reason (the directory hears of it from the log).
 */
export async function endSessions(
  commands: Commands,
  req: FastifyRequest,
  userId: string,
  sessionIds: string[],
  reason: SessionEndReason,
): Promise<void> {
  if (sessionIds.length === 0) return;
  await send(commands, req, { type: 'EndSessions', userId, sessionIds, reason }, ':sessions');
}

/** Logs a user out everywhere (but `except`, the session that changed its own password). */
export async function endAllSessions(
  commands: Commands,
  sessions: Sessions,
  req: FastifyRequest,
  userId: string,
  reason: SessionEndReason,
  except: string | null = null,
): Promise<void> {
  await endSessions(commands, req, userId, await sessions.revokeAllFor(userId, except), reason);
}

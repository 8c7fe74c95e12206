import type { Command, DomainEvent } from '@exch/contracts';
import { decide, emptyState, fold } from '../src/index.js';

/** A UserCreated event, as the decider tests give their hierarchies. */
export const created = (userId: string, role: string, parentId: string | null) =>
  ({
    type: 'UserCreated',
    data: {
      userId,
      username: `u_${userId}`,
      fullName: userId,
      role,
      parentId,
      passwordHash: 'h',
      creditReference: 0,
      exposureLimit: 0,
      mustChangePassword: false,
    },
  }) as DomainEvent;

/** Given these events, when `actor` sends `command`: the decision. */
export const whenGiven = (given: DomainEvent[], command: Command, actor: string | null) =>
  decide(fold(emptyState(), given), {
    commandId: 'c',
    correlationId: 'c',
    actor,
    ip: null,
    device: null,
    at: '2026-11-22T00:00:00Z',
    command,
  });

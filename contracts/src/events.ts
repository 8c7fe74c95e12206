import type { AccountEventData } from './accounts/events.js';

export type * from './accounts/events.js';

/** Domain events of the engine, by type. The stored schema version of each is in EVENT_SCHEMA_VERSION. */
export interface EventDataByType extends AccountEventData {}

export type EventType = keyof EventDataByType;

export const EVENT_SCHEMA_VERSION: Record<EventType, number> = {
  UserCreated: 1,
  ChipsMinted: 1,
  ChipsTransferred: 1,
  UserDetailsUpdated: 1,
  CreditReferenceSet: 1,
  ExposureLimitSet: 1,
  PasswordChanged: 1,
  TransactionPasswordSet: 1,
  AccountLockSet: 1,
  BetLockSet: 1,
  PermissionsSet: 1,
  TotpEnabled: 1,
  TotpDisabled: 1,
  UserLoggedIn: 1,
};

/** An event as decided by the engine, before the journal gives it an id and a position. */
export type DomainEvent = { [K in EventType]: { type: K; streamId: string; data: EventDataByType[K] } }[EventType];

export const userStream = (userId: string): string => `user-${userId}`;

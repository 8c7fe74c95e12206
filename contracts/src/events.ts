import type { Posting } from './ledger.js';
import type { Paise } from './money.js';
import type { RoleSlug } from './roles.js';

/** Domain events of the engine, by type. The stored schema version of each is in EVENT_SCHEMA_VERSION. */
export interface UserCreated {
  userId: string;
  username: string;
  fullName: string;
  role: RoleSlug;
  parentId: string | null;
  passwordHash: string;
  creditReference: Paise;
  exposureLimit: Paise;
  mustChangePassword: boolean;
}

export interface ChipsMinted {
  userId: string;
  amount: Paise;
  postings: Posting[];
}

export interface ChipsTransferred {
  fromUserId: string;
  toUserId: string;
  amount: Paise;
  remark: string;
  postings: Posting[];
}

export interface EventDataByType {
  UserCreated: UserCreated;
  ChipsMinted: ChipsMinted;
  ChipsTransferred: ChipsTransferred;
}

export type EventType = keyof EventDataByType;

export const EVENT_SCHEMA_VERSION: Record<EventType, number> = {
  UserCreated: 1,
  ChipsMinted: 1,
  ChipsTransferred: 1,
};

/** An event as decided by the engine, before the journal gives it an id and a position. */
export type DomainEvent = { [K in EventType]: { type: K; streamId: string; data: EventDataByType[K] } }[EventType];

export const userStream = (userId: string): string => `user-${userId}`;

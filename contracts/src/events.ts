import type { AccountEventData } from './accounts/events.js';
import type { BetEventData } from './betting/events.js';
import type { MarketEventData } from './betting/market-events.js';
import type { MarketMemoryEventData } from './betting/memory-events.js';
import type { CasinoEventData } from './casino/events.js';
import type { PaymentEventData } from './payments/events.js';
import type { ProviderEventData } from './provider/events.js';
import type { PartnershipEventData } from './partnership/events.js';
import type { StreamEventData } from './streams/events.js';
import type { RiskEventData } from './risk/events.js';
import type { ProjectionEventData } from './projections/events.js';

export type * from './accounts/events.js';
export * from './betting/events.js';
export * from './betting/market-events.js';
export * from './betting/memory-events.js';
export * from './casino/events.js';
export * from './payments/events.js';
export * from './provider/events.js';
export type * from './partnership/events.js';
export type * from './streams/events.js';
export type * from './risk/events.js';
export type * from './projections/events.js';

/** The exchange's events by type: bets, markets and matches, and the engine's memory of them. */
export interface BettingEventData extends BetEventData, MarketEventData, MarketMemoryEventData {}

/** Domain events of the engine, by type. The stored schema version of each is in EVENT_SCHEMA_VERSION. */
export interface EventDataByType
  extends AccountEventData,
    BettingEventData,
    CasinoEventData,
    PaymentEventData,
    ProviderEventData,
    PartnershipEventData,
    StreamEventData,
    RiskEventData,
    ProjectionEventData {}

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
  SessionsEnded: 1,
  MatchListed: 1,
  MatchRenamed: 1,
  MatchInPlaySet: 1,
  MarketListed: 1,
  MarketRenamed: 1,
  MarketSettingsSet: 1,
  MarketStatusSet: 1,
  BetPlaced: 1,
  BetMatched: 1,
  BetCancelled: 1,
  BetDeleted: 1,
  MarketSettled: 1,
  MarketVoided: 1,
  ResultRevoked: 1,
  MarketArchived: 1,
  MarketRestored: 1,
  MarketForgotten: 1,
  MarketRemembered: 1,
  MatchForgotten: 1,
  MatchRemembered: 1,
  ProviderWindowTurned: 1,
  MarketLockSet: 1,
  AutoCashOutSet: 1,
  AutoCashOutCleared: 1,
  FeedMarketStateSet: 1,
  RunnerRemoved: 1,
  BetVoided: 1,
  BetOddsReduced: 1,
  ResultProposed: 1,
  HousePriceSet: 1,
  HousePriceCleared: 1,
  ButtonValuesSet: 1,
  NewsMessageSet: 1,
  PaymentWindowTurned: 1,
  DepositRequested: 1,
  WithdrawalRequested: 1,
  DepositApproved: 1,
  DepositRejected: 1,
  WithdrawalApproved: 1,
  WithdrawalRejected: 1,
  BankAccountAdded: 1,
  UpiIdAdded: 1,
  PaymentAccountDeleted: 1,
  PaymentMethodSet: 1,
  PaymentRequestEndorsed: 1,
  ApprovalLimitsSet: 1,
  ProviderDebited: 1,
  ProviderCredited: 1,
  ProviderRolledBack: 1,
  ProviderTxnRepeated: 1,
  ProviderTxnDeclined: 1,
  CasinoTableListed: 1,
  CasinoTableStatusSet: 1,
  CasinoRoundOpened: 1,
  CasinoBetPlaced: 1,
  CasinoBettingClosed: 1,
  CasinoRoundDealt: 1,
  CasinoCardRevealed: 1,
  CasinoRoundResulted: 1,
  CasinoRoundSettled: 1,
  CasinoRoundVoided: 1,
  PartnershipSet: 1,
  MatchStreamsSet: 1,
  BigBetThresholdSet: 1,
  WatchSet: 1,
  ProjectionRebuildRequested: 1,
};

/** Events that carry ledger postings (DESIGN.md rule 2): each one's postings sum to zero. */
export const MONEY_EVENT_TYPES: ReadonlySet<string> = new Set<EventType>([
  'ChipsMinted',
  'ChipsTransferred',
  'MarketSettled',
  'ResultRevoked',
  'WithdrawalRequested',
  'DepositApproved',
  'WithdrawalApproved',
  'WithdrawalRejected',
  'ProviderDebited',
  'ProviderCredited',
  'ProviderRolledBack',
  'CasinoRoundSettled',
]);

/** An event as decided by the engine, before the journal gives it an id and a position. */
export type DomainEvent = { [K in EventType]: { type: K; streamId: string; data: EventDataByType[K] } }[EventType];

export const userStream = (userId: string): string => `user-${userId}`;

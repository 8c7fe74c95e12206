import { MONEY_EVENT_TYPES, type Posting, type StoredEvent } from '@exch/contracts';

const WALLET = /^wallet:(.+)$/;

/** What the wallet helpers read of an event: a stored one, or one the engine just committed (the gateway's folds). */
type Event = Pick<StoredEvent, 'type' | 'data'>;

export const isMoneyEvent = (e: Event): boolean => MONEY_EVENT_TYPES.has(e.type);

/** The postings of a money event (empty for any other event). */
export const postingsOf = (e: Event): Posting[] =>
  isMoneyEvent(e) ? (e.data as { postings: Posting[] }).postings : [];

/** The owner of a wallet account, or null for house accounts (mint, commission...). */
export const walletOwner = (account: string): string | null => WALLET.exec(account)?.[1] ?? null;

/** The wallet legs of a money event, by owner. */
export const walletPostings = (e: Event): { userId: string; amount: number }[] =>
  postingsOf(e).flatMap((p) => {
    const userId = walletOwner(p.account);
    return userId ? [{ userId, amount: p.amount }] : [];
  });

/** Wallet owners touched by a batch. */
export const walletsTouched = (events: StoredEvent[]): string[] => [
  ...new Set(events.flatMap((e) => walletPostings(e).map((p) => p.userId))),
];

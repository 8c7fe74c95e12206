import type { ProviderTxnFacts, StoredEvent } from '@exch/contracts';
import type { Remark } from './market-labels.js';

/** Statement kinds of the third-party casino's money events. */
export const PROVIDER_LEDGER_KINDS: Record<string, string> = {
  ProviderDebited: 'casino-bet',
  ProviderCredited: 'casino-win',
  ProviderRolledBack: 'casino-refund',
};

const WORDS: Record<string, string> = {
  ProviderDebited: 'bet',
  ProviderCredited: 'win',
  ProviderRolledBack: 'stake returned',
};

/** "European Roulette, round r-5f2c: bet": the game and round a statement row names; null for other events. */
export function providerRemark(e: StoredEvent): Remark | null {
  const word = WORDS[e.type];
  if (!word) return null;
  const d = e.data as ProviderTxnFacts;
  return { text: `${d.gameName}, round ${d.roundId}: ${word}`, awaits: null };
}

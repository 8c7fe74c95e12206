import { commitmentWithWebCrypto, shuffleWithWebCrypto, type CasinoRoundDetail } from '@exch/contracts';

export interface Verification {
  /** SHA-256 of the revealed seed, computed here. */
  commitment: string;
  commitmentOk: boolean;
  /** The shuffled shoe's first cards, as many as were dealt. */
  derived: string[];
  cardsOk: boolean;
}

/**
 * A round checked in the browser with Web Crypto (docs/casino.md "To verify a round"): the revealed
 * seed must hash to the commitment published before betting, and the table's shoe shuffled with it
 * (client seed = the round id, nonce 0) must deal the round's cards, in order.
 */
export async function verifyRound(round: CasinoRoundDetail): Promise<Verification> {
  if (round.serverSeed === null) throw new Error('The server seed is revealed with the result');
  if (!globalThis.crypto?.subtle) throw new Error('This browser offers no Web Crypto here (it needs an https page)');
  const commitment = await commitmentWithWebCrypto(round.serverSeed);
  const shuffled = await shuffleWithWebCrypto(round.shoe, round.serverSeed, round.clientSeed, round.nonce);
  const derived = shuffled.slice(0, round.cards.length);
  return {
    commitment,
    commitmentOk: commitment === round.commitment,
    derived,
    cardsOk: derived.every((card, i) => card === round.cards[i]?.card),
  };
}

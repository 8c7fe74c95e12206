import type { CasinoMarketDto, CasinoRoundDto, CasinoTableDto } from '@exch/contracts';

// Apart from CasinoMarkets.tsx so that RouletteBoard, which it renders, can take the same props.
export interface CasinoMarketsProps {
  table: CasinoTableDto;
  round: CasinoRoundDto | null;
  /** Bets are taken: the round is betting and the countdown has not run out. */
  open: boolean;
  /** The player's stakes on this round, by sid (rupees). */
  stakes: ReadonlyMap<number, number>;
  selected: number | null;
  /** Absent for the back office: nothing to click. */
  onPick?: ((market: CasinoMarketDto) => void) | undefined;
}

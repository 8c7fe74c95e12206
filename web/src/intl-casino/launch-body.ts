import type { GameLobbyBody, UserDto } from '@exch/contracts';

/** SPEC.md section 7's game-lobby payload for this player and screen. */
export const launchBody = (user: UserDto): GameLobbyBody => ({
  playerId: user._id,
  currency: 'INR',
  country: 'IN',
  lang: 'en_US',
  mode: 'real',
  device: window.matchMedia('(max-width: 768px)').matches ? 'mobile' : 'desktop',
});

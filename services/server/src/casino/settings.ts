import type { DealerSettings } from './dealer.js';

/**
 * The dealer as the environment asks for it (npm start and distributed engines): `CASINO=off` runs
 * none; `CASINO_BETTING_MS` sets every table's betting window (each table's own, 20 s, otherwise).
 */
export function casinoFromEnv(env: NodeJS.ProcessEnv): DealerSettings | null {
  if (env.CASINO === 'off') return null;
  const bettingMs = Number(env.CASINO_BETTING_MS);
  if (env.CASINO_BETTING_MS === undefined || env.CASINO_BETTING_MS === '') return {};
  if (!Number.isInteger(bettingMs) || bettingMs < 1_000 || bettingMs > 600_000)
    throw new Error('CASINO_BETTING_MS must be a whole number of milliseconds from 1000 to 600000');
  return { bettingMs };
}

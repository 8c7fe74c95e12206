export { startGameProvider, type GameProvider, type GameProviderOptions } from './server.js';
export { OPEN_STATUSES, readRounds, ROUNDS_FILE, type Round, type RoundStatus } from './rounds/round-log.js';
export { WalletClient, WalletRefused, WalletUnreachable } from './rounds/wallet-client.js';
export { GAMES } from './games/catalogue.js';
export { PROVIDER_ID, PROVIDER_NAME } from './http/pages.js';

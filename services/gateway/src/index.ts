export { buildGateway, type Gateway, type GatewayOptions } from './app.js';
export { hashPassword, verifyPassword } from './auth/passwords.js';
export { walletAsOf, type WalletAsOf } from './accounts/as-of.js';
export { statementRemark, type LedgerLine } from './accounts/ledger-lines.js';
export { migratePaymentTables, storeScreenshot } from './payments/screenshots.js';
export { qtStyleProvider, type QtStyleProviderOptions } from './provider/qt-adapter.js';
export type { ProviderSetup } from './provider/deps.js';
export { SqlRateStore } from './limits/sql-store.js';
export { rateLimitsFromEnv, type RateLimits } from './limits/settings.js';

export { buildGateway, type Gateway, type GatewayOptions } from './app.js';
export { hashPassword, verifyPassword } from './auth/passwords.js';
export { walletAsOf, toStatementRow, describeEntry, type LedgerLine, type WalletAsOf } from './accounts/as-of.js';

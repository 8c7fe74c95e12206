import { migrate, type SqlClient } from '@exch/contracts';
import { TOTP_DDL } from './auth/totp.js';
import { SESSIONS_DDL } from './auth/sessions.js';

/** The gateway's own tables (sessions, secrets, TOTP): created once, however many gateways start together. */
export const migrateGatewayTables = (sql: SqlClient): Promise<void> =>
  migrate(sql, 'gateway', 2, [...SESSIONS_DDL, TOTP_DDL]);

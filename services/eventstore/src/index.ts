export { openPGliteStore, type PGliteStoreOptions } from './pglite.js';
export { openPostgresStore, type PostgresEventStore, type PostgresStoreOptions } from './postgres.js';
export { SCHEMA_SQL, SCHEMA_STATEMENTS, EVENTS_CHANNEL, LEADER_LOCK_KEY, RELAY_LOCK_KEY } from './schema.js';

/** What only Node processes share (node:crypto): `@exch/contracts/node`. The web app imports the index only. */
export * from './signature.js';
export * from './provider/signing.js';

export { Relay, toMessage, type RelayOptions, type RelayLog } from './relay.js';
export { readRelayCheckpoint } from './checkpoint.js';

export * from './port.js';
export * from './simulator.js';

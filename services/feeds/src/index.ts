export * from './simulator.js';

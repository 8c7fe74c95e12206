export { Engine, type EngineOptions } from './loop.js';
export { decide } from './decide.js';
export { evolve, fold } from './evolve.js';
export { emptyState, balanceOf, isAncestor, type EngineState, type UserState } from './state.js';
export type { Decision } from './decision.js';
export type { Log } from './log.js';

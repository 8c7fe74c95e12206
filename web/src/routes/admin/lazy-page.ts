import { lazy, type ComponentType } from 'react';

/**
 * A back-office page loaded on first use: the back office is its own chunks, so a player's
 * browser never downloads it (the layout's Suspense shows while it loads).
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  return lazy(() => load().then((m) => ({ default: m[name] as ComponentType<unknown> }))) as M[K];
}

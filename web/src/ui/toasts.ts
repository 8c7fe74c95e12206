import { useSyncExternalStore } from 'react';

/** SPEC.md section 9: a success closes itself after 1 s. */
const SUCCESS_MS = 1_000;
/** An error stays until closed, or 5 s: long enough to read a refusal and what to do. */
const ERROR_MS = 5_000;
/** Toasts shown at once, newest first; an older one beyond these goes (the screen is not a log). */
const MAX_SHOWN = 4;

export type ToastKind = 'error' | 'success';

export interface Toast {
  /** A new id each time a toast is (re)shown, so the page shows it as a new one. */
  id: number;
  kind: ToastKind;
  message: string;
  /** How many toasts this one stands for: successes collapse into one, as do repeats of an error. */
  count: number;
}

let toasts: readonly Toast[] = [];
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

const publish = (next: readonly Toast[]): void => {
  toasts = next;
  for (const listener of listeners) listener();
};

const forget = (id: number): void => {
  clearTimeout(timers.get(id));
  timers.delete(id);
};

/**
 * Newest on top. A success takes the place of the success shown (the latest message, counting
 * them), and an error the place of the same error, so a burst of bets or refusals is one toast
 * with a counter, not a column that runs off the screen.
 */
function showToast(kind: ToastKind, message: string): void {
  const same = toasts.find((t) => t.kind === kind && (kind === 'success' || t.message === message));
  if (same) forget(same.id);
  const toast: Toast = { id: nextId++, kind, message, count: (same?.count ?? 0) + 1 };
  const next = [toast, ...toasts.filter((t) => t !== same)];
  for (const dropped of next.slice(MAX_SHOWN)) forget(dropped.id);
  publish(next.slice(0, MAX_SHOWN));
  timers.set(
    toast.id,
    setTimeout(() => dismissToast(toast.id), kind === 'error' ? ERROR_MS : SUCCESS_MS),
  );
}

/** A server error message (SPEC.md section 8). */
export function showErrorToast(message: string): void {
  showToast('error', message);
}

/** A success: the server's message, or SPEC.md's wording where it gives one. */
export function showSuccessToast(message: string): void {
  showToast('success', message);
}

export function dismissToast(id: number): void {
  forget(id);
  if (toasts.some((t) => t.id === id)) publish(toasts.filter((t) => t.id !== id));
}

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The toasts shown now, newest first. */
export const shownToasts = (): readonly Toast[] => toasts;

export const useToasts = (): readonly Toast[] => useSyncExternalStore(subscribe, shownToasts);

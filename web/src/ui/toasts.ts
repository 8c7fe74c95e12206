import { useSyncExternalStore } from 'react';

/** SPEC.md section 9: toasts close themselves after 1 s. */
const TOAST_MS = 1_000;

interface Toast {
  id: number;
  message: string;
}

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

const publish = (next: readonly Toast[]): void => {
  toasts = next;
  for (const listener of listeners) listener();
};

export function showErrorToast(message: string): void {
  const toast = { id: nextId++, message };
  publish([...toasts, toast]);
  setTimeout(() => dismissToast(toast.id), TOAST_MS);
}

export function dismissToast(id: number): void {
  if (toasts.some((t) => t.id === id)) publish(toasts.filter((t) => t.id !== id));
}

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useToasts = (): readonly Toast[] => useSyncExternalStore(subscribe, () => toasts);

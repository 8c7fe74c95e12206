import { useSyncExternalStore } from 'react';

/** SPEC.md section 9: toasts close themselves after 1 s. */
const TOAST_MS = 1_000;

export type ToastKind = 'error' | 'success';

interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

const publish = (next: readonly Toast[]): void => {
  toasts = next;
  for (const listener of listeners) listener();
};

function showToast(kind: ToastKind, message: string): void {
  const toast = { id: nextId++, kind, message };
  publish([...toasts, toast]);
  setTimeout(() => dismissToast(toast.id), TOAST_MS);
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
  if (toasts.some((t) => t.id === id)) publish(toasts.filter((t) => t.id !== id));
}

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useToasts = (): readonly Toast[] => useSyncExternalStore(subscribe, () => toasts);

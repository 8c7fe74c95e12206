import { useEffect } from 'react';

/** SPEC.md sections 4 and 9: two hours without a mouse move or key press logs out. */
const INACTIVITY_LIMIT_MS = 7_200_000;

export function useInactivityLogout(onIdle: () => void): void {
  useEffect(() => {
    let lastActivity = Date.now();
    const markActive = (): void => {
      lastActivity = Date.now();
    };
    // One timer that re-arms for the time left, rather than a new timer on every mouse move.
    const check = (): void => {
      const idle = Date.now() - lastActivity;
      if (idle >= INACTIVITY_LIMIT_MS) onIdle();
      else timer = setTimeout(check, INACTIVITY_LIMIT_MS - idle);
    };
    let timer = setTimeout(check, INACTIVITY_LIMIT_MS);
    window.addEventListener('mousemove', markActive, { passive: true });
    window.addEventListener('keydown', markActive);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('mousemove', markActive);
      window.removeEventListener('keydown', markActive);
    };
  }, [onIdle]);
}

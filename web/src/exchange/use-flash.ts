import { useEffect, useRef, useState } from 'react';

/** SPEC.md section 9: live prices flash for 500 ms when they change. */
export const FLASH_MS = 500;

/** True for FLASH_MS after `value` changes (not on the first render). */
export function useFlash(value: string | number): boolean {
  const previous = useRef(value);
  const [flashing, setFlashing] = useState(false);
  useEffect(() => {
    if (previous.current === value) return;
    previous.current = value;
    setFlashing(true);
    const timer = setTimeout(() => setFlashing(false), FLASH_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return flashing;
}

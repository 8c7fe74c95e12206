import { useEffect, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/** SPEC.md section 9: a list's search waits 300 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * A list's search box whose text lives in the URL (`search`, '' when none): what is typed reaches
 * `apply` once the typing pauses, and a search changed from outside (the back button, a link)
 * refills the box. Returns the box's text and its setter. `delayMs`: a page's own pause, when SPEC.md gives one.
 */
export function useSearchBox(
  search: string,
  apply: (typed: string) => void,
  delayMs = SEARCH_DEBOUNCE_MS,
): [string, (text: string) => void] {
  const [text, setText] = useState(search);
  const typed = useDebouncedValue(text.trim(), delayMs);
  const [seen, setSeen] = useState(search);
  if (search !== seen) {
    setSeen(search);
    if (search !== typed) setText(search);
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a newly typed search goes into the URL (not a back button's)
  useEffect(() => {
    if (typed !== search) apply(typed);
  }, [typed]);
  return [text, setText];
}

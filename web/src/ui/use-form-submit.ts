import { useState, type FormEvent } from 'react';
import { errorMessage } from '../api/error-message';

/**
 * A form's sending state: busy while its request is out, and the one message shown under it (a
 * problem found before sending, or the server's refusal), which any edit clears.
 */
export function useFormSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Wraps a field's setter: a message is about what was submitted, so editing the form clears it. */
  const edit =
    <T>(setter: (value: T) => void) =>
    (value: T): void => {
      setter(value);
      setError(null);
    };

  /**
   * Shows `problem` if there is one, else runs `send`. With `leaves` the page navigates away on
   * success, so the form stays closed rather than reopening for a moment before it goes.
   */
  const submit = async (
    event: FormEvent<HTMLFormElement>,
    problem: string | null,
    send: () => Promise<void>,
    { leaves = false } = {},
  ): Promise<void> => {
    event.preventDefault();
    if (problem !== null) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await send();
      if (!leaves) setBusy(false);
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };

  return { busy, error, setError, edit, submit };
}

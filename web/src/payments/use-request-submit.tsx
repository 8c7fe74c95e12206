import { useRef, useState } from 'react';
import { ApiRequestError } from '../api/api-error';
import { errorMessage } from '../api/error-message';
import { newIdempotencyKey } from '../api/idempotency-key';
import { FormError } from '../ui/fields';
import { showSuccessToast } from '../ui/toasts';

/**
 * A deposit or withdrawal form's sending state: busy, the refusal or the server's own success
 * message (SPEC.md: shown, then the form clears), and an idempotency key kept only while a reply
 * is lost, so a retry cannot ask twice.
 */
export function useRequestSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey());

  /** Any edit: the message was about what was sent. */
  const touch = (): void => {
    setError(null);
    setDone(null);
  };

  const send = async (
    request: (idempotencyKey: string) => Promise<{ message: string }>,
    onSuccess: () => void,
  ): Promise<void> => {
    setBusy(true);
    touch();
    try {
      const answer = await request(key.current);
      key.current = newIdempotencyKey();
      showSuccessToast(answer.message);
      setDone(answer.message);
      onSuccess();
    } catch (e) {
      if (!(e instanceof ApiRequestError && e.statusCode === 0)) key.current = newIdempotencyKey();
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return { busy, error, done, setError, touch, send };
}

/** The refusal, or the success message, under the form. */
export function FormOutcome({ error, done }: { error: string | null; done: string | null }) {
  return (
    <>
      <FormError message={error} />
      {done && (
        <p className="form-success" role="status">
          {done}
        </p>
      )}
    </>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { saveNewsMessage } from '../../../../api/admin-betting-calls';
import { errorMessage } from '../../../../api/error-message';
import { FormError } from '../../../../ui/fields';
import { showSuccessToast } from '../../../../ui/toasts';
import { usePageTitle } from '../../../../ui/use-page-title';
import { fetchNewsMessage } from '../../../../api/betting-calls';
import '../../../../styles/admin-exchange.css';

/** The news line players and agents see (PUT /api/messages). */
export function MessagesPage() {
  usePageTitle('Messages');
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: ['news-message'], queryFn: () => fetchNewsMessage('admin') });
  const [text, setText] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const saved = current.data?.data.text ?? '';
  useEffect(() => {
    if (current.data && text === null) setText(current.data.data.text);
  }, [current.data, text]);
  const value = text ?? '';

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await saveNewsMessage(value.trim());
      showSuccessToast(answer.message);
      await queryClient.invalidateQueries({ queryKey: ['news-message'] });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card form-card">
      <header className="card-head">
        <h1>Messages</h1>
      </header>
      <p className="muted">The news line runs across the top of the player site. Leave it empty to show none.</p>
      <div className="ax-news-preview" aria-label="Shown now">
        <span className="ax-news-label">Now</span>
        <span>
          {current.isPending ? 'Loading...' : saved === '' ? <span className="muted">No message</span> : saved}
        </span>
      </div>
      <form className="stack-form" onSubmit={submit} noValidate>
        <fieldset disabled={busy || current.isPending}>
          <label className="field">
            <span>News line</span>
            <textarea
              name="text"
              rows={3}
              maxLength={500}
              value={value}
              onChange={(e) => {
                setText(e.target.value);
                setError(null);
              }}
            />
            <small className="field-hint">{value.length}/500</small>
          </label>
          <FormError message={error} />
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={value.trim() === saved.trim()}>
              {busy ? 'Saving...' : 'Save'}
            </button>
            <button type="button" className="btn btn-outline" onClick={() => setText(saved)} disabled={value === saved}>
              Reset
            </button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import {
  BettingButtonsBody,
  DEFAULT_CASINO_BUTTONS,
  DEFAULT_SPORTS_BUTTONS,
  type BettingButtons,
} from '@exch/contracts';
import { saveBettingButtons } from '../../api/betting-calls';
import { useProfile } from '../../api/profile-query';
import { stakeButtonsKey, useBettingButtons } from '../../exchange/stake-buttons';
import { FormError } from '../../ui/fields';
import { showSuccessToast } from '../../ui/toasts';
import { useFormSubmit } from '../../ui/use-form-submit';
import { usePageTitle } from '../../ui/use-page-title';

type Kind = 'sportsButtons' | 'casinoButtons';
interface Row {
  label: string;
  value: string;
}
type Draft = Record<Kind, Row[]> & { keepInPlay: boolean };

const MAX_BUTTONS = 12;

const toDraft = (b: BettingButtons): Draft => ({
  sportsButtons: b.sportsButtons.map((x) => ({ label: x.label, value: String(x.value) })),
  casinoButtons: b.casinoButtons.map((x) => ({ label: x.label, value: String(x.value) })),
  keepInPlay: b.keepInPlay,
});

const DEFAULTS: BettingButtons = {
  sportsButtons: DEFAULT_SPORTS_BUTTONS,
  casinoButtons: DEFAULT_CASINO_BUTTONS,
  keepInPlay: false,
};

/** /button-values: the quick stake buttons of the bet slip, label and value each, for sports and casino (PUT /api/betting-buttons). */
export function ButtonValuesPage() {
  usePageTitle('Button values');
  const { data: user } = useProfile('user');
  const saved = useBettingButtons('user', user?._id);
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft | null>(null);
  const { busy, error, setError, submit } = useFormSubmit();

  useEffect(() => {
    if (saved.data && draft === null) setDraft(toDraft(saved.data));
  }, [saved.data, draft]);

  const form = draft ?? (saved.isError ? toDraft(DEFAULTS) : null);

  const change = (kind: Kind, i: number, patch: Partial<Row>): void => {
    if (!form) return;
    setDraft({ ...form, [kind]: form[kind].map((r, j) => (j === i ? { ...r, ...patch } : r)) });
    setError(null);
  };
  const remove = (kind: Kind, i: number): void => {
    if (form) setDraft({ ...form, [kind]: form[kind].filter((_, j) => j !== i) });
  };
  const add = (kind: Kind): void => {
    if (form) setDraft({ ...form, [kind]: [...form[kind], { label: '', value: '' }] });
  };

  const save = (event: FormEvent<HTMLFormElement>): void => {
    if (!form) return;
    const body = {
      sportsButtons: form.sportsButtons.map((r) => ({
        label: r.label.trim(),
        value: r.value.trim() === '' ? NaN : Number(r.value),
      })),
      casinoButtons: form.casinoButtons.map((r) => ({
        label: r.label.trim(),
        value: r.value.trim() === '' ? NaN : Number(r.value),
      })),
      keepInPlay: form.keepInPlay,
    };
    const parsed = v.safeParse(BettingButtonsBody, body);
    void submit(event, parsed.success ? null : parsed.issues[0].message, async () => {
      const answer = await saveBettingButtons(parsed.success ? parsed.output : body);
      const now = { ...answer.data, keepInPlay: body.keepInPlay };
      queryClient.setQueryData(stakeButtonsKey(user?._id), now);
      setDraft(toDraft(now));
      showSuccessToast(answer.message);
    });
  };

  return (
    <section className="card button-values-page">
      <header className="card-head">
        <h1>Button values</h1>
      </header>
      <p className="muted">
        The quick stake buttons of the bet slip: the label shown and the stake in rupees it puts in.
      </p>
      {!form ? (
        <p className="muted">Loading...</p>
      ) : (
        <form onSubmit={save} noValidate className="button-values-form">
          <div className="button-groups">
            {(['sportsButtons', 'casinoButtons'] as const).map((kind) => (
              <fieldset key={kind} className="button-group" disabled={busy}>
                <legend>{kind === 'sportsButtons' ? 'Sports' : 'Casino'}</legend>
                <div className="button-row button-row-head" aria-hidden="true">
                  <span>Price label</span>
                  <span>Price value</span>
                  <span />
                </div>
                {form[kind].map((row, i) => (
                  <div key={i} className="button-row" data-kind={kind}>
                    <input
                      name={`${kind}.${i}.label`}
                      aria-label={`${kind === 'sportsButtons' ? 'Sports' : 'Casino'} button ${i + 1} label`}
                      value={row.label}
                      maxLength={10}
                      onChange={(e) => change(kind, i, { label: e.target.value })}
                    />
                    <input
                      name={`${kind}.${i}.value`}
                      aria-label={`${kind === 'sportsButtons' ? 'Sports' : 'Casino'} button ${i + 1} value`}
                      inputMode="numeric"
                      value={row.value}
                      maxLength={8}
                      onChange={(e) => change(kind, i, { value: e.target.value.replace(/\D/g, '') })}
                    />
                    <button
                      type="button"
                      className="row-remove"
                      aria-label={`Remove button ${i + 1}`}
                      onClick={() => remove(kind, i)}
                      disabled={form[kind].length <= 1}
                    >
                      ×
                    </button>
                  </div>
                ))}
                {form[kind].length < MAX_BUTTONS && (
                  <button type="button" className="btn btn-sm btn-outline add-button" onClick={() => add(kind)}>
                    + Add button
                  </button>
                )}
              </fieldset>
            ))}
          </div>
          <fieldset className="button-group keep-in-play-default" disabled={busy}>
            <legend>Bet slip</legend>
            <label>
              <input
                type="checkbox"
                name="keepInPlay"
                checked={form.keepInPlay}
                onChange={(e) => setDraft({ ...form, keepInPlay: e.target.checked })}
              />
              Keep in play by default
            </label>
            <p className="muted">
              When a match turns in play, unmatched match-odds stakes are cancelled unless the bet was placed with Keep
              in play; the slip starts with this choice.
            </p>
          </fieldset>
          <FormError message={error} />
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Saving...' : 'Update'}
            </button>
            <button
              type="button"
              className="btn btn-outline"
              disabled={busy}
              onClick={() => setDraft(toDraft(saved.data ?? DEFAULTS))}
            >
              Reset
            </button>
            <button
              type="button"
              className="btn btn-outline"
              disabled={busy}
              onClick={() => setDraft(toDraft(DEFAULTS))}
            >
              Defaults
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

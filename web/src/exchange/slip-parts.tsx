import { useRef, useState, type ReactNode } from 'react';
import type { ButtonValue } from '@exch/contracts';
import { ApiRequestError } from '../api/api-error';
import { showSuccessToast } from '../ui/toasts';

/** SPEC.md section 9: stake input length 10. */
const STAKE_MAX_LENGTH = 10;

/**
 * The parts of SPEC.md section 2's Place Bet panel that every bet slip shares, sports or casino:
 * the head with its close button, the column labels, the stake box, the quick stakes, Reset and
 * Submit ('Placing Bet...' while the bet is out).
 */
export function SlipFrame({
  side,
  onClose,
  children,
  className = '',
}: {
  side: 'back' | 'lay';
  onClose: () => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      className={`place-bet ${side}${className ? ` ${className}` : ''}`}
      aria-label="Place Bet"
      data-testid="place-bet"
    >
      <header className="place-bet-head">
        <h2>Place Bet</h2>
        <button type="button" className="place-bet-close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      <div className="place-bet-body">{children}</div>
    </section>
  );
}

export function SlipLabels() {
  return (
    <>
      <span className="slip-label slip-for-label">(Bet for)</span>
      <span className="slip-label slip-odds-label">Odds</span>
      <span className="slip-label slip-stake-label">Stake</span>
      <span className="slip-label slip-profit-label">Profit</span>
    </>
  );
}

/** Whole rupees, digits only; Enter submits. */
export function SlipStake({
  value,
  onChange,
  onSubmit,
}: {
  value: string;
  onChange: (stake: string) => void;
  onSubmit: () => void;
}) {
  return (
    <div className="slip-stake">
      <input
        name="stake"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        maxLength={STAKE_MAX_LENGTH}
        placeholder="0"
        aria-label="Stake"
        value={value}
        autoFocus
        onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, STAKE_MAX_LENGTH))}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onSubmit();
        }}
      />
    </div>
  );
}

/** The quick stakes, then Reset and Submit. */
export function SlipButtons({
  buttons,
  onStake,
  busy,
  canSubmit,
  onSubmit,
}: {
  buttons: readonly ButtonValue[];
  onStake: (stake: string) => void;
  busy: boolean;
  canSubmit: boolean;
  onSubmit: () => void;
}) {
  return (
    <>
      <div className="stake-buttons">
        {buttons.map((b) => (
          <button
            key={`${b.label}-${b.value}`}
            type="button"
            className="stake-button"
            onClick={() => onStake(String(b.value))}
          >
            {b.label}
          </button>
        ))}
      </div>
      <div className="slip-actions">
        <button type="button" className="btn btn-sm slip-reset" onClick={() => onStake('')} disabled={busy}>
          Reset
        </button>
        <button type="button" className="btn btn-sm slip-submit" onClick={onSubmit} disabled={busy || !canSubmit}>
          {busy ? 'Placing Bet...' : 'Submit'}
        </button>
      </div>
    </>
  );
}

/**
 * Sends a slip's bet, one at a time (SPEC.md section 5: a duplicate submit is blocked while a bet is
 * in progress), `busy` meanwhile. On success the server's message is toasted; a refusal was toasted
 * by the API client, and `refused` lets the slip be sent again as a new bet (a new key). A network
 * failure keeps the key: sent again, the same bet is not placed twice.
 */
export function useSlipSubmit() {
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const send = async <T extends { message: string }>(
    place: () => Promise<T>,
    placed: (answer: T) => void,
    refused: () => void,
  ): Promise<void> => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const answer = await place();
      showSuccessToast(answer.message);
      placed(answer);
    } catch (e) {
      if (e instanceof ApiRequestError && e.statusCode !== 0) refused();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };
  return { busy, inFlight, send };
}

import { useState } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import type { CasinoRoundDetail } from '@exch/contracts';
import { formatDateTime } from '@exch/contracts';
import { fetchCasinoRound } from '../api/casino-calls';
import type { AuthContextName } from '../auth/auth-context';
import { usePageTitle } from '../ui/use-page-title';
import { RoundCards } from './RoundCards';
import { layoutOf } from './table-layout';
import { verifyRound, type Verification } from './verify';
import '../styles/casino.css';

const OUTCOME_WORD: Record<string, string> = {
  win: 'Won',
  'half-win': 'Won half',
  push: 'Returned',
  'half-lose': 'Half returned',
};

/**
 * /casino/result/{matchid}: one round, with its cards, winner, the markets that paid, and the
 * provably fair record: commitment, server seed, client seed, nonce, algorithm; Verify re-derives
 * the cards in the browser with Web Crypto and checks the commitment.
 */
export function CasinoRoundPage({ ctx = 'user' }: { ctx?: AuthContextName }) {
  const mid = useParams({ strict: false, select: (p) => p.matchid ?? '' });
  usePageTitle(`Round ${mid}`);
  const round = useQuery({
    queryKey: ['casino-round', ctx, mid],
    queryFn: () => fetchCasinoRound(ctx, mid),
    retry: false,
  });
  if (round.isPending)
    return (
      <section className="card">
        <p className="muted">Loading the round...</p>
      </section>
    );
  if (!round.data) {
    return (
      <section className="card not-found">
        <h1>Round not found</h1>
        <p className="muted">{round.error?.message ?? 'This round could not be loaded.'}</p>
      </section>
    );
  }
  const r = round.data;
  const paid = r.result?.markets.filter((m) => m.outcome !== 'lose') ?? [];
  return (
    <div className="casino-round-page">
      <section className="card">
        <header className="card-head">
          <h1>
            {r.tableName} · Round <span data-testid="round-mid">{r.mid}</span>
          </h1>
          <span
            className={`state-badge ${r.status === 'settled' ? 'state-ok' : r.status === 'void' ? 'state-off' : 'state-unmatched'}`}
          >
            {r.status === 'settled' ? 'Settled' : r.status === 'void' ? 'Void' : 'In play'}
          </span>
        </header>
        <p className="muted">
          Opened {formatDateTime(r.openedAt)}
          {r.settledAt && ` · settled ${formatDateTime(r.settledAt)}`}
        </p>
        <RoundCards code={r.tableCode} cards={r.cards} />
        {r.result && (
          <p className="round-winner" data-testid="round-winner">
            {layoutOf(r.tableCode).resultLabel ?? 'Winner'}: <b>{r.result.winner}</b>{' '}
            <span className="muted">({r.result.description})</span>
          </p>
        )}
        {r.status === 'void' && <p className="round-winner">Void: {r.voidReason}</p>}
        {paid.length > 0 && (
          <div className="round-paid">
            <h2>Markets that paid</h2>
            <ul>
              {paid.map((m) => (
                <li key={m.sid}>
                  <span>{m.nat}</span> <b>{OUTCOME_WORD[m.outcome]}</b>
                  {m.odds !== null && <span className="muted"> at {m.odds.toFixed(2)}</span>}
                </li>
              ))}
            </ul>
          </div>
        )}
        <Link
          to={ctx === 'user' ? '/casino/result' : '/admin/casino-result-report'}
          search={ctx === 'user' ? { game: r.tableCode } : {}}
          className="btn btn-sm btn-outline"
        >
          All results of {r.tableName}
        </Link>
      </section>
      <FairnessCard round={r} />
    </div>
  );
}

function FairnessCard({ round }: { round: CasinoRoundDetail }) {
  const [check, setCheck] = useState<Verification | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Roulette's shoe is its wheel's 37 pockets, and it draws one.
  const wheel = layoutOf(round.tableCode).wheel === true;
  const verify = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      setCheck(await verifyRound(round));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card casino-card fairness-card" aria-label="Provably fair">
      <header className="card-head">
        <h2>Provably fair</h2>
        <span className="muted">{round.algorithm}</span>
      </header>
      <dl className="fair-list">
        <dt>Commitment (SHA-256 of the server seed, shown before betting)</dt>
        <dd>
          <code data-testid="commitment">{round.commitment}</code>
        </dd>
        <dt>Server seed</dt>
        <dd>
          {round.serverSeed ? (
            <code data-testid="server-seed">{round.serverSeed}</code>
          ) : (
            <span className="muted">Revealed with the result</span>
          )}
        </dd>
        <dt>Client seed (the round id) · nonce</dt>
        <dd>
          <code>{round.clientSeed}</code> · <code>{round.nonce}</code>
        </dd>
        <dt>Shoe</dt>
        <dd>
          {round.shoe.length} {wheel ? 'pockets' : 'cards'}, shuffled by Fisher-Yates from HMAC-SHA256(seed, "
          {round.clientSeed}:{round.nonce}:block");{' '}
          {wheel ? 'the ball’s pocket is its first.' : `the cards are its first ${round.cards.length}.`}
        </dd>
      </dl>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => void verify()}
        disabled={busy || round.serverSeed === null}
        data-testid="verify"
      >
        {busy ? 'Verifying...' : 'Verify'}
      </button>
      {error && <p className="form-error">{error}</p>}
      {check && (
        <ul className="verify-result" data-testid="verify-result">
          <li className={check.commitmentOk ? 'ok' : 'bad'}>
            {check.commitmentOk ? '✔' : '✘'} SHA-256 of the seed is <code>{check.commitment.slice(0, 24)}…</code>:{' '}
            {check.commitmentOk ? 'matches the commitment' : 'does NOT match the commitment'}
          </li>
          <li className={check.cardsOk ? 'ok' : 'bad'}>
            {check.cardsOk ? '✔' : '✘'} Re-derived {wheel ? 'pocket' : 'cards'} {check.derived.join(' ')}:{' '}
            {check.cardsOk ? 'the same as dealt' : 'NOT the cards dealt'}
          </li>
        </ul>
      )}
    </section>
  );
}

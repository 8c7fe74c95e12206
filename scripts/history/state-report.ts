import { median } from '../../tests/engine/fixtures.js';
import { decide, type EngineState } from '@exch/engine';

const kB = (value: unknown) => `${Math.round(JSON.stringify(value ?? null).length / 1000).toLocaleString('en-US')} kB`;

/**
 * What the engine's state holds after a history, part by part, and what the once-a-minute
 * housekeeping costs to decide on it: the figures that say whether the state grows with history.
 */
export function stateReport(state: Readonly<EngineState>, at: Date): string[] {
  const markets = [...state.markets.values()];
  const archived = markets.filter((m) => m.archived).length;
  const { txns, rounds, previous } = state.provider;
  const requests = Object.values(state.payments.requests);
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    decide(state as EngineState, {
      commandId: `report-${i}`,
      correlationId: 'report',
      actor: null,
      ip: null,
      device: null,
      at: at.toISOString(),
      command: {
        type: 'Housekeep',
        settledBefore: '2000-01-01T00:00:00.000Z',
        forgetBefore: '2000-01-01T00:00:00.000Z',
        providerTurnBefore: '2000-01-01T00:00:00.000Z',
        paymentsTurnBefore: '2000-01-01T00:00:00.000Z',
        confirmProposedBefore: null,
      },
    });
    times.push(performance.now() - started);
  }
  return [
    `  bets ${state.bets.size.toLocaleString('en-US')} (${kB(state.bets)}), resting orders ${kB(state.books)}`,
    `  markets held ${markets.length.toLocaleString('en-US')}, ${archived.toLocaleString('en-US')} of them archived summaries (${kB(state.markets)} with the positions' bets and P&L books); matches ${Object.keys(state.matches).length.toLocaleString('en-US')} (${kB(state.matches)})`,
    `  provider: ${Object.keys(txns).length + Object.keys(previous.txns).length} transaction ids and ${Object.keys(rounds).length + Object.keys(previous.rounds).length} rounds in the window (${kB(state.provider)})`,
    `  payments: ${requests.length.toLocaleString('en-US')} requests (${requests.filter((r) => r.status === 'pending').length} pending) and ${Object.keys(state.payments.previous.requests).length.toLocaleString('en-US')} decided in the window's previous period, ${(Object.keys(state.payments.utrs).length + Object.keys(state.payments.previous.utrs).length).toLocaleString('en-US')} UTRs (${kB(state.payments)})`,
    `  users ${state.users.size.toLocaleString('en-US')} (${kB(state.users)}), balances ${kB(state.balances)}, casino ${kB(state.casino)}`,
    `  housekeeping decided in ${median(times).toFixed(2)} ms (median of 5; it looks through the markets not yet archived, and the markets held for those to forget)`,
  ];
}

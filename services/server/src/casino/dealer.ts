import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { CasinoCommand, CommandBus, CommittedEvent } from '@exch/contracts';
import { commitmentWithNodeCrypto, newServerSeed, type CasinoTableState, type EngineState } from '@exch/engine';

/** How a dealer paces its tables (docs/casino.md "The dealer"); every figure in milliseconds. */
export interface DealerSettings {
  /** The betting window; by default each table's own (20 s). */
  bettingMs?: number;
  /** "No more bets" to the first card. */
  closeMs?: number;
  /** Between two cards turned face up. */
  cardMs?: number;
  /** The last card to the result. */
  resultMs?: number;
  /** The result on screen before the next round opens. */
  nextRoundMs?: number;
  /** false: no timers; a test drives the rounds with step(). Default true. */
  auto?: boolean;
  /** The tables it deals; by default every listed one. */
  tables?: string[];
}

export interface DealerDeps {
  bus: CommandBus;
  /** The engine's state, read to know where each table's round stands (the dealer runs beside the engine). */
  view: () => Readonly<EngineState>;
  log: Logger;
}

const DEFAULTS = { closeMs: 1_500, cardMs: 900, resultMs: 1_200, nextRoundMs: 5_000 };
/** A suspended table, or a failed step, looks again after this. */
const IDLE_MS = 1_000;
const LOST_SEED = 'The round was interrupted before its cards were dealt (the dealer restarted): every bet is returned';

/** What one step did, for tests and logs. */
export type DealerStep = 'opened' | 'closed' | 'dealt' | 'revealed' | 'settled' | 'voided' | 'idle';

/**
 * The casino's dealer: like the feed simulator, a process beside the engine (started by the
 * composition root; in distributed mode by the engine leader only). It drives every table's rounds
 * through commands: open with a fresh seed's commitment, close betting when the window ends, deal
 * with the seed, turn the cards one by one, settle, and open the next round unless the table was
 * suspended meanwhile.
 *
 * It keeps nothing but the seeds of the rounds it opened, in memory, keyed by their commitment;
 * everything else it reads from the engine's state, so a dealer started after a crash or a failover
 * simply carries on from where the log stands: a round still dealing (its seed is in the log since
 * the deal) is finished, and a round whose seed this dealer never had (betting or closed) is voided,
 * every stake returned. Command ids are fixed per round and step, so a step sent twice is done once.
 */
export class Dealer {
  private readonly seeds = new Map<string, string>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly settings: Required<Omit<DealerSettings, 'bettingMs' | 'tables'>> &
    Pick<DealerSettings, 'bettingMs' | 'tables'>;
  private running = false;

  constructor(
    private readonly deps: DealerDeps,
    settings: DealerSettings = {},
  ) {
    this.settings = { ...DEFAULTS, auto: true, ...settings };
  }

  /** Lists the tables in the log (new or changed ones), then deals them on its timers unless `auto` is off. */
  async start(): Promise<void> {
    await this.send(`casino:sync:${randomUUID()}`, { type: 'SyncCasinoTables' });
    this.running = true;
    if (!this.settings.auto) return;
    for (const code of this.tableCodes()) this.schedule(code, 0);
  }

  stop(): void {
    this.running = false;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  tableCodes(): string[] {
    return this.settings.tables ?? Object.keys(this.deps.view().casino.tables);
  }

  /** The next step of a table's round now, whatever the clock says (tests, benchmarks). */
  async step(code: string): Promise<DealerStep> {
    return (await this.advance(code, true)).did;
  }

  /** Steps a table until its round under way (or a new one) is settled or voided. */
  async finishRound(code: string): Promise<void> {
    for (let did = await this.step(code); did !== 'settled' && did !== 'voided'; did = await this.step(code)) {
      if (did === 'idle') throw new Error(`${code} is suspended: no round to finish`);
    }
  }

  private schedule(code: string, ms: number): void {
    if (!this.running) return;
    this.timers.set(code, setTimeout(() => void this.tick(code), ms).unref());
  }

  private async tick(code: string): Promise<void> {
    let wait = IDLE_MS;
    try {
      wait = (await this.advance(code, false)).wait;
    } catch (err) {
      this.deps.log.warn({ err, table: code }, 'casino dealer step failed; trying again');
    }
    this.schedule(code, wait);
  }

  private table(code: string): Readonly<CasinoTableState> {
    const table = this.deps.view().casino.tables[code];
    if (!table) throw new Error(`casino table ${code} is not listed`);
    return table;
  }

  /** Does the next thing the table's round needs; `now` ignores the betting window's clock. */
  private async advance(code: string, now: boolean): Promise<{ did: DealerStep; wait: number }> {
    const table = this.table(code);
    const round = table.round;
    const s = this.settings;
    if (!round) {
      if (table.suspended) return { did: 'idle', wait: IDLE_MS };
      const seed = newServerSeed();
      const commitment = commitmentWithNodeCrypto(seed);
      this.seeds.set(commitment, seed);
      const bettingMs = s.bettingMs ?? table.bettingSeconds * 1000;
      await this.send(`casino:${code}:open:${commitment.slice(0, 32)}`, {
        type: 'OpenCasinoRound',
        tableCode: code,
        commitment,
        bettingMs,
      });
      return { did: 'opened', wait: bettingMs };
    }
    const id = (step: string) => `casino:${code}:${round.mid}:${step}`;
    const seed = this.seeds.get(round.commitment);
    if (round.phase !== 'dealing' && seed === undefined) {
      this.deps.log.warn(
        { table: code, mid: round.mid, phase: round.phase },
        'casino round without its seed: voided, every stake returned',
      );
      await this.send(id('void'), { type: 'VoidCasinoRound', tableCode: code, mid: round.mid, reason: LOST_SEED });
      return { did: 'voided', wait: s.nextRoundMs };
    }
    if (round.phase === 'betting') {
      const left = Date.parse(round.closesAt) - Date.now();
      if (!now && left > 0) return { did: 'idle', wait: left };
      await this.send(id('close'), { type: 'CloseCasinoBetting', tableCode: code, mid: round.mid });
      return { did: 'closed', wait: s.closeMs };
    }
    if (round.phase === 'closed') {
      await this.send(id('deal'), { type: 'DealCasinoRound', tableCode: code, mid: round.mid, serverSeed: seed! });
      return { did: 'dealt', wait: s.cardMs };
    }
    if (round.revealed < round.cards.length) {
      await this.send(id(`reveal:${round.revealed}`), { type: 'RevealCasinoCard', tableCode: code, mid: round.mid });
      return { did: 'revealed', wait: round.revealed + 1 < round.cards.length ? s.cardMs : s.resultMs };
    }
    await this.send(id('settle'), { type: 'SettleCasinoRound', tableCode: code, mid: round.mid });
    this.seeds.delete(round.commitment);
    return { did: 'settled', wait: s.nextRoundMs };
  }

  private async send(commandId: string, command: CasinoCommand): Promise<CommittedEvent[]> {
    const result = await this.deps.bus.execute({
      commandId,
      correlationId: commandId,
      actor: null,
      ip: null,
      device: 'casino-dealer',
      at: new Date().toISOString(),
      command,
    });
    if (!result.ok) throw new Error(`${command.type} refused: ${result.refusal.code} ${result.refusal.message}`);
    return result.events;
  }
}

import pg from 'pg';
import { EVENTS_CHANNEL } from './schema.js';
import type { WakeSignal } from './subscription.js';

const RECONNECT_DELAY_MS = 1_000;

/**
 * A dedicated connection that LISTENs for appends from any process. If it drops it wakes
 * every subscriber (to catch up on what it may have missed) and reconnects.
 */
export class NotificationListener {
  #client: pg.Client | null = null;
  #closed = false;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly connectionString: string,
    private readonly wake: WakeSignal,
    private readonly onError: (err: unknown) => void,
  ) {}

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, keepAlive: true });
    client.on('notification', () => this.wake.fire());
    client.on('error', (err) => {
      this.onError(err);
      this.#dropped(client);
    });
    client.on('end', () => this.#dropped(client));
    await client.connect();
    try {
      await client.query(`listen ${EVENTS_CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    this.#client = client;
  }

  #dropped(client: pg.Client): void {
    if (this.#client !== client) return;
    this.#client = null;
    if (this.#closed) return;
    this.wake.fire();
    this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    this.#timer = setTimeout(() => {
      if (this.#closed) return;
      this.start().then(
        () => this.wake.fire(),
        (err) => {
          this.onError(err);
          this.#scheduleReconnect();
        },
      );
    }, RECONNECT_DELAY_MS);
  }

  /** The backend pid, so tests can kill the connection. */
  async pid(): Promise<number | null> {
    const client = this.#client;
    if (!client) return null;
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    return rows[0]?.pid ?? null;
  }

  async stop(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => {});
  }
}

import {
  walletPaths,
  WALLET_SESSION_HEADER,
  type DebitCredit,
  type OperatorWallet,
  type Rollback,
  type WalletBalance,
  type WalletReceipt,
} from '@exch/contracts';
import { signProviderCall } from '@exch/contracts/node';
import type { Logger } from 'pino';

/** The operator answered, and said no: final for this call (QTech's status in `status`). */
export class WalletRefused extends Error {
  constructor(
    readonly status: string,
    message: string,
    readonly balance: number | null,
  ) {
    super(message);
    this.name = 'WalletRefused';
  }
}

/** No answer after every attempt (timeouts, refused connections, 5xx): the call may or may not have been acted on. */
export class WalletUnreachable extends Error {
  override readonly name = 'WalletUnreachable';
}

export interface WalletClientOptions {
  /** The operator's base URL (its wallet routes live under /api/qt/wallet); null until it is known. */
  operatorUrl: () => string | null;
  secret: string;
  /** Per attempt. */
  timeoutMs: number;
  /** Attempts per call, each with the same txnId, signed afresh. */
  attempts: number;
  log: Logger;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A real HTTP client of the operator's seamless wallet, as providers run one: every call signed with
 * the shared secret; a timeout, a dropped connection or a 5xx is retried with the same body (and so
 * the same txnId: the wallet answers a repeat with its first answer); a 4xx is an answer.
 */
export class WalletClient implements OperatorWallet {
  constructor(private readonly opts: WalletClientOptions) {}

  session(playerId: string, walletSessionId: string, gameId: string): Promise<WalletBalance> {
    return this.call(
      'GET',
      `${walletPaths.session(playerId)}?gameId=${encodeURIComponent(gameId)}`,
      undefined,
      walletSessionId,
    );
  }

  balance(playerId: string): Promise<WalletBalance> {
    return this.call('GET', walletPaths.balance(playerId));
  }

  transaction(body: DebitCredit): Promise<WalletReceipt> {
    return this.call('POST', walletPaths.transactions, body);
  }

  rollback(body: Rollback): Promise<WalletReceipt> {
    return this.call('POST', walletPaths.rollback, body);
  }

  private async call<T>(method: 'GET' | 'POST', url: string, body?: unknown, walletSession?: string): Promise<T> {
    const text = body === undefined ? '' : JSON.stringify(body);
    let last: unknown = null;
    for (let attempt = 1; attempt <= this.opts.attempts; attempt++) {
      try {
        return await this.once<T>(method, url, text, walletSession);
      } catch (err) {
        if (err instanceof WalletRefused) throw err;
        last = err;
        this.opts.log.warn(
          { url, attempt, err: String(err) },
          'wallet call failed; retrying with the same transaction',
        );
        if (attempt < this.opts.attempts) await sleep(100 * attempt);
      }
    }
    throw new WalletUnreachable(
      `the wallet did not answer ${method} ${url} in ${this.opts.attempts} attempts: ${String(last)}`,
    );
  }

  private async once<T>(method: string, url: string, body: string, walletSession?: string): Promise<T> {
    const base = this.opts.operatorUrl();
    if (base === null) throw new Error('the operator is not connected yet');
    const res = await fetch(new URL(url, base), {
      method,
      headers: {
        ...signProviderCall(this.opts.secret, { method, url, body, walletSession }),
        ...(walletSession === undefined ? {} : { [WALLET_SESSION_HEADER]: walletSession }),
        ...(body === '' ? {} : { 'content-type': 'application/json' }),
      },
      body: body === '' ? undefined : body,
      signal: AbortSignal.timeout(this.opts.timeoutMs),
    });
    const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (res.ok) return answer as T;
    if (res.status >= 500) throw new Error(`HTTP ${res.status}: ${String(answer.message ?? '')}`);
    throw new WalletRefused(
      typeof answer.code === 'string' ? answer.code : `HTTP_${res.status}`,
      String(answer.message ?? res.statusText),
      typeof answer.balance === 'number' ? answer.balance : null,
    );
  }
}

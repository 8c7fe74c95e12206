/** What every page in the frame shares: the launch token, calls to the game server, money on screen. */

export const token = new URLSearchParams(location.search).get('t') ?? '';

export interface RoundAnswer<O> {
  roundId: string;
  stake: number;
  outcome: O;
  win: number;
  balance: number | null;
  winPending: boolean;
}

export class CallError extends Error {}

export async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: { 'x-session-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => ({}))) as T & { message?: string };
  if (!res.ok) throw new CallError(answer.message ?? `The game server answered ${res.status}`);
  return answer;
}

const rupees = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Paise as the player reads them: ₹1,00,000.00. */
export const money = (paise: number): string => `₹${rupees.format(paise / 100)}`;

export const $ = <E extends HTMLElement = HTMLElement>(id: string): E => document.getElementById(id) as E;

export function showBalance(paise: number | null): void {
  if (paise !== null) $('balance').textContent = money(paise);
}

/** Keeps the token on links within the frame (back to the lobby, to a game). */
export function carryToken(): void {
  for (const a of document.querySelectorAll<HTMLAnchorElement>('a[href^="/"]'))
    a.href = `${a.pathname}?t=${encodeURIComponent(token)}`;
}

/** The header's balance, read once from the session; later answers update it. */
export async function start(): Promise<void> {
  carryToken();
  try {
    const s = await call<{ balance: number | null; mode: string }>('GET', '/api/session');
    showBalance(s.balance);
    if (s.mode === 'demo') document.body.classList.add('demo');
  } catch (e) {
    $('wallet').textContent = e instanceof Error ? e.message : 'Unavailable';
  }
}

/** Reads a rupee amount typed by the player into paise; null when it is not one. */
export function paiseOf(text: string): number | null {
  const m = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}

export function say(text: string, tone: 'win' | 'loss' | 'info' | 'error' = 'info'): void {
  const el = $('result-text');
  el.textContent = text;
  el.className = tone;
}

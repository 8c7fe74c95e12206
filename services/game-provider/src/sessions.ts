import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { LaunchBody } from '@exch/contracts';
import { JsonlFile } from './rounds/jsonl.js';

/** A player the operator launched: the token their frame carries, and what the wallet needs. */
export interface PlayerSession extends LaunchBody {
  token: string;
  createdAt: string;
}

/** How long a launch stays playable. */
const TTL_MS = 12 * 3600 * 1000;

/** Launch tokens, kept in sessions.jsonl so that a restart does not end every player's game. */
export class PlayerSessions {
  private readonly byToken = new Map<string, PlayerSession>();
  private readonly file: JsonlFile<PlayerSession>;

  constructor(dataDir: string) {
    const path = join(dataDir, 'sessions.jsonl');
    for (const s of JsonlFile.read<PlayerSession>(path)) this.byToken.set(s.token, s);
    this.file = new JsonlFile<PlayerSession>(path);
  }

  open(launch: LaunchBody): PlayerSession {
    const session: PlayerSession = {
      ...launch,
      token: randomBytes(24).toString('base64url'),
      createdAt: new Date().toISOString(),
    };
    this.file.append(session);
    this.byToken.set(session.token, session);
    return session;
  }

  find(token: string | undefined): PlayerSession | null {
    const s = token ? this.byToken.get(token) : undefined;
    return s && Date.now() - Date.parse(s.createdAt) < TTL_MS ? s : null;
  }

  close(): void {
    this.file.close();
  }
}

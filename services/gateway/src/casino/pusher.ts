import { casinoRoom, type SqlClient } from '@exch/contracts';
import type { Hub } from '../ws/hub.js';
import { tableLive } from './read.js';

/** After the casino read model commits: each touched table's live state to its room's sockets (no one watching, nothing read). */
export async function pushCasinoTables(sql: SqlClient, hub: Hub, codes: string[]): Promise<void> {
  for (const code of codes) {
    if (!hub.watching(casinoRoom(code))) continue;
    hub.pushToRoom(casinoRoom(code), { event: 'casinoTable', data: await tableLive(sql, code) });
  }
}

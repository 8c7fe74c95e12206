import { PGlite } from '@electric-sql/pglite';
const db = new PGlite(process.argv[2]!);
const { rows } = await db.query<{ key: string; len: number }>(`select key, length(body) as len from snapshot_parts order by len desc`);
const byKind: Record<string, [number, number]> = {};
for (const r of rows) { const k = r.key.replace(/[:#@].*/, ''); const v = (byKind[k] ??= [0, 0]); v[0]++; v[1] += r.len; }
console.log(byKind);
const core = await db.query<{ len: number }>(`select length(state::text) as len from snapshots`);
console.log('core', core.rows);
const a = await db.query<{ body: string }>(`select body from snapshot_parts where key like 'archived%' limit 1`);
if (a.rows[0]) { const p = JSON.parse(a.rows[0].body); console.log('markets', p.markets.length, 'bytes', a.rows[0].body.length, 'versions', Object.keys(p.versions).length); console.log(JSON.stringify(p.markets[0])); console.log(JSON.stringify(p.markets[5])); }
const s = await db.query<{ state: any }>(`select state from snapshots limit 1`);
const st = s.rows[0]!.state.state;
for (const [k, v] of Object.entries(st)) console.log(k, JSON.stringify(v).length);
console.log('matches', Object.keys(st.matches).length, JSON.stringify(Object.values(st.matches)[0]));
await db.close();

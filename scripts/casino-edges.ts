/**
 * `npx tsx scripts/casino-edges.ts`: the house edge table of docs/casino.md, from the exact
 * returns of every market of every casino table (services/engine/src/casino/exact/). Markets in
 * a row of one group with the same odds and return (Card A ... Card K) share a line.
 */
import { exactReturns } from '../services/engine/src/casino/exact/index.js';
import { TABLES } from '../services/engine/src/casino/index.js';
import type { MarketDefinition } from '../services/engine/src/casino/tables/table.js';

const decimal = (hundredths: number) => (hundredths / 100).toFixed(2);
const price = (m: MarketDefinition) =>
  m.payTable ? m.payTable.map((p) => `${p.hand} ${decimal(p.odds)}`).join(', ') : decimal(m.odds);
const percent = (x: number) => `${(x * 100).toFixed(2)}%`;

console.log('| Table | Market | Odds | Pays | Return | House edge |');
console.log('|---|---|---|---|---|---|');
for (const table of TABLES) {
  const { rtp, wins } = exactReturns(table);
  const rows: { names: string[]; market: MarketDefinition }[] = [];
  for (const market of table.markets) {
    const last = rows.at(-1);
    if (
      last &&
      last.market.group === market.group &&
      price(last.market) === price(market) &&
      Math.abs(rtp.get(last.market.sid)! - rtp.get(market.sid)!) < 1e-12
    )
      last.names.push(market.name);
    else rows.push({ names: [market.name], market });
  }
  for (const { names, market } of rows) {
    const name = names.length > 3 ? `${names[0]} … ${names.at(-1)} (${names.length})` : names.join(', ');
    const r = rtp.get(market.sid)!;
    console.log(
      `| ${table.code} | ${name} | ${price(market)} | ${percent(wins.get(market.sid)!)} | ${percent(r)} | ${percent(1 - r)} |`,
    );
  }
}

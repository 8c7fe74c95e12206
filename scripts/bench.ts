/** `npm run bench`: the figures issues ask for, printed as tables (medians of several runs). */
import { benchBetting } from './bench/betting.js';
import { printRows } from './bench/rows.js';
import { benchCasino } from './bench/casino.js';
import { benchCashOut } from './bench/cash-out.js';
import { benchDistributed } from './bench/distributed.js';
import { benchFailover } from './bench/failover.js';
import { benchJournal } from './bench/journal.js';
import { benchReports } from './bench/reports.js';
import { benchRestart } from './bench/restart.js';
import { benchSnapshot } from './bench/snapshot.js';
import { benchWallet } from './bench/wallet.js';
import { writeSmallHistory } from './history/small.js';

await benchJournal();
await benchBetting();
console.log(
  "\nCash out, in memory: a player's position read from its own bets as the market fills (medians of 5 runs)",
);
printRows(benchCashOut());
console.log(
  '\nEngine snapshot as settled bets fill the revoke window: the core whole, each settled market once as a part (docs/performance.md)',
);
printRows(await benchSnapshot());
await benchWallet();
await benchCasino();
await benchDistributed();
await benchReports();

// Restart and failover on a small generated history; docs/performance.md has them on a million bets.
const history = await writeSmallHistory(20_000);
try {
  console.log('\nRestart of the embedded product (npm start) on a history of 20,000 bets');
  await benchRestart(history.dataDir, 3);
} finally {
  history.remove();
}
await benchFailover(20_000, 20, 3);

/** `npm run bench`: the figures issues ask for, printed as tables (medians of several runs). */
import { benchBetting } from './bench/betting.js';
import { benchCasino } from './bench/casino.js';
import { benchDistributed } from './bench/distributed.js';
import { benchJournal } from './bench/journal.js';
import { benchWallet } from './bench/wallet.js';

await benchJournal();
await benchBetting();
await benchWallet();
await benchCasino();
await benchDistributed();

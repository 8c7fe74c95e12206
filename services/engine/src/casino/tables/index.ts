import { judgement } from './3cardj.js';
import { aaa } from './aaa.js';
import { ab20 } from './ab20.js';
import { baccarat } from './baccarat.js';
import { btable } from './btable.js';
import { card32 } from './card32.js';
import { dt20 } from './dt20.js';
import { lucky7 } from './lucky7.js';
import { poker20 } from './poker20.js';
import { race20 } from './race20.js';
import { roulette } from './roulette.js';
import { teen20 } from './teen20.js';
import { war } from './war.js';
import { worli } from './worli.js';
import type { TableDefinition } from './table.js';

/** The live Indian tables the house deals itself. A new table is one module and one line here. */
export const TABLES: readonly TableDefinition[] = [
  teen20,
  dt20,
  lucky7,
  ab20,
  card32,
  baccarat,
  aaa,
  btable,
  // Issue 23 (tables2): Race and Worli.
  race20,
  worli,
  // Issue 23: more of the categories.
  war,
  poker20,
  roulette,
  judgement,
];

const registry = new Map(TABLES.map((t) => [t.code, t]));

export const tableByCode = (code: string): TableDefinition | undefined => registry.get(code);

/** Every table the engine deals: the eight, and any added. */
export const dealtTables = (): TableDefinition[] => [...registry.values()];

/**
 * Deals another table of a game under a code and round-id prefix of its own: `npm run bench` runs
 * twenty tables with copies of the eight. Every process deciding the log must add the same tables
 * before its engine starts, as it must run the same code.
 */
export function addTable(table: TableDefinition): void {
  const clash = dealtTables().find((t) => t.code === table.code || t.midPrefix === table.midPrefix);
  if (clash)
    throw new Error(`table ${table.code}: code or round-id prefix ${table.midPrefix} already used by ${clash.code}`);
  registry.set(table.code, table);
}

import { aaa } from './aaa.js';
import { ab20 } from './ab20.js';
import { baccarat } from './baccarat.js';
import { btable } from './btable.js';
import { card32 } from './card32.js';
import { dt20 } from './dt20.js';
import { lucky7 } from './lucky7.js';
import { teen20 } from './teen20.js';
import type { TableDefinition } from './table.js';

/** The live Indian tables the house deals itself. A new table is one module and one line here. */
export const TABLES: readonly TableDefinition[] = [teen20, dt20, lucky7, ab20, card32, baccarat, aaa, btable];

export const tableByCode = (code: string): TableDefinition | undefined => TABLES.find((t) => t.code === code);

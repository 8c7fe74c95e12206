/**
 * CSV exports of statements and reports: each is a route like any other (its own spec, so it is in
 * the OpenAPI and fuzzed), with the JSON route's filters and no paging, amounts in rupees with two
 * decimals (paiseToDecimal), one header line, CRLF line ends, a byte order mark so spreadsheet
 * programs read ₹ and names as UTF-8.
 */
import type * as v from 'valibot';
import type { FastifyRequest } from 'fastify';
import { paiseToDecimal, type Paise } from '@exch/contracts';
import { HttpError } from './errors.js';
import type { Route, RouteInput, RouteSpec } from './route.js';

/** Rows one export may hold; more is refused with advice to narrow the filters. */
export const CSV_MAX_ROWS = 50_000;

export type CsvCell = string | number | null;

export interface CsvTable {
  /** Without the extension. */
  name: string;
  header: string[];
  rows: CsvCell[][];
}

/** A money cell: rupees with two decimals. */
export const money = (p: Paise): string => paiseToDecimal(p);

/** An odds cell from integer hundredths (197 -> "1.97"), written the way paise are. */
export const oddsCell = (hundredths: number): string => paiseToDecimal(hundredths);

/** One cell: quoted when it holds a comma, quote or line break; text a spreadsheet would run as a formula is defused. */
function cell(value: CsvCell): string {
  if (value === null) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const toCsv = (t: CsvTable): string =>
  `\ufeff${[t.header, ...t.rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;

/** Refuses an export over CSV_MAX_ROWS before it is built. */
export function checkCsvSize(total: number): void {
  if (total > CSV_MAX_ROWS)
    throw new HttpError(
      400,
      `Too many rows to export (${total}); narrow the dates or filters to at most ${CSV_MAX_ROWS}`,
      'EXPORT_TOO_LARGE',
    );
}

type Schema = v.GenericSchema;

/** Registers `GET <url>` answering text/csv as an attachment. */
export function csvRoute<P extends Schema | undefined = undefined, Q extends Schema | undefined = undefined>(
  route: Route,
  spec: Omit<RouteSpec<P, Q, undefined>, 'method' | 'answer' | 'produces'>,
  make: (req: FastifyRequest, input: RouteInput<P, Q, undefined>) => Promise<CsvTable>,
): void {
  route(
    {
      ...spec,
      method: 'GET',
      produces: 'text/csv',
      answer: {
        type: 'string',
        description: 'CSV, a header line then one line per row; amounts in rupees with two decimals',
      },
    },
    async (req, input, reply) => {
      const table = await make(req, input);
      checkCsvSize(table.rows.length);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${table.name.replace(/[^\w.-]/g, '_')}.csv"`);
      return toCsv(table);
    },
  );
}

/**
 * listMarketCatalogue results checked before they name anything (docs/feeds.md, "Bad input"): a
 * catalogue file is operator input and the Betting API answers what it answers, so an entry the
 * catalogue cannot use is skipped with a log line naming it, and the rest still name their markets.
 */
import { readFile } from 'node:fs/promises';
import type { Logger } from 'pino';
import { FeedInputError } from '../input-error.js';
import type { MarketCatalogue } from './catalogue.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const isDate = (v: unknown): boolean => typeof v === 'string' && !Number.isNaN(Date.parse(v));
const isId = (v: unknown): boolean => typeof v === 'string' && /^[1-9]\d{0,15}$/.test(v);

function runnerProblem(r: unknown, i: number): string | null {
  if (!isObject(r)) return `runner ${i} is not an object`;
  if (!Number.isSafeInteger(r.selectionId) || (r.selectionId as number) <= 0)
    return `runner ${i}: selectionId is not a positive whole number`;
  if (!isText(r.runnerName)) return `runner ${i} (${r.selectionId}): no runnerName`;
  if (r.sortPriority !== undefined && typeof r.sortPriority !== 'number')
    return `runner ${i} (${r.selectionId}): sortPriority is not a number`;
  if (r.metadata !== undefined && r.metadata !== null && !isObject(r.metadata))
    return `runner ${i} (${r.selectionId}): metadata is not an object`;
  return null;
}

/** Why the catalogue cannot use an entry, or null when it can. */
export function entryProblem(e: unknown): string | null {
  if (!isObject(e)) return 'not an object';
  if (!isText(e.marketId)) return 'no marketId';
  if (typeof e.marketName !== 'string') return 'no marketName';
  if (e.marketStartTime !== undefined && !isDate(e.marketStartTime)) return 'marketStartTime is not a date';
  if (!isObject(e.eventType)) return 'no eventType';
  if (!isId(e.eventType.id)) return 'eventType.id is not a positive whole number';
  if (!isText(e.eventType.name)) return 'eventType has no name';
  if (
    e.competition !== undefined &&
    !(isObject(e.competition) && isText(e.competition.id) && isText(e.competition.name))
  )
    return 'competition has no id or name';
  if (!isObject(e.event)) return 'no event';
  if (!isText(e.event.id) || !isText(e.event.name)) return 'event has no id or name';
  if (e.event.openDate !== undefined && !isDate(e.event.openDate)) return 'event.openDate is not a date';
  if (!Array.isArray(e.runners) || e.runners.length === 0) return 'no runners';
  for (const [i, r] of e.runners.entries()) {
    const problem = runnerProblem(r, i);
    if (problem) return problem;
  }
  return null;
}

/** The entries the catalogue can use; every other one is logged with its index, market id and problem, and skipped. */
export function usableEntries(entries: readonly unknown[], source: string, log: Logger): MarketCatalogue[] {
  const usable: MarketCatalogue[] = [];
  for (const [i, e] of entries.entries()) {
    const problem = entryProblem(e);
    if (problem === null) {
      usable.push(e as MarketCatalogue);
      continue;
    }
    const marketId = isObject(e) && typeof e.marketId === 'string' ? e.marketId : null;
    log.warn(
      { source, entry: i, marketId, problem },
      `catalogue entry ${i}${marketId ? ` (market ${marketId})` : ''} of ${source} skipped: ${problem}`,
    );
  }
  return usable;
}

/** "line 3, column 7" of a character offset in a text. */
function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

/**
 * A catalogue file: a JSON array of listMarketCatalogue results, as the Betting API answers. A
 * file that cannot be read or is not such an array fails with a FeedInputError naming it (and the
 * line and column of a JSON error); its entries are checked by usableEntries.
 */
async function readCatalogueFile(path: string): Promise<unknown[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new FeedInputError(`${path}: cannot read the catalogue file (${(err as NodeJS.ErrnoException).code})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    const message = (err as SyntaxError).message;
    const at = /position (\d+)/.exec(message);
    // A file cut short fails at its end, where V8 names no position.
    const offset = at ? Number(at[1]) : /end of JSON input/.test(message) ? text.length : null;
    throw new FeedInputError(
      `${path}${offset === null ? '' : `:${lineAndColumn(text, offset)}`}: not JSON (${message})`,
    );
  }
  if (!Array.isArray(parsed)) throw new FeedInputError(`${path}: expected a JSON array of listMarketCatalogue results`);
  return parsed;
}

/** A catalogue setting (a file's path, or entries given by code) as the entries it can use. */
export async function catalogueEntries(
  catalogue: string | readonly unknown[] | undefined,
  log: Logger,
): Promise<MarketCatalogue[]> {
  if (catalogue === undefined) return [];
  if (typeof catalogue === 'string') return usableEntries(await readCatalogueFile(catalogue), catalogue, log);
  return usableEntries(catalogue, 'the catalogue given', log);
}

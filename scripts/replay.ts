/**
 * `npm run replay -- --projection NAME [--to-position N | --as-of TIME] [--keep]`: rebuilds one read
 * model from the event log into a fresh schema and compares it row by row with the live one.
 * `--help` for the options; the work is in scripts/replay/ (replayProjection runs in-process too).
 *
 * stdout: the differences, a summary line per table, the verdict. stderr: progress and timing.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { replayCli } from './replay/cli.js';

const controller = new AbortController();
// The first Ctrl-C stops between two batches (the replay schema is dropped); a second one quits at once.
process.on('SIGINT', () => {
  if (controller.signal.aborted) process.exit(130);
  controller.abort();
});

const code = await replayCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  root: resolve(dirname(fileURLToPath(import.meta.url)), '..'),
  signal: controller.signal,
});
// exit() rather than exitCode: the PostgreSQL driver may hold reconnect timers.
process.exit(code);

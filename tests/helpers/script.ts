import { execFile } from 'node:child_process';
import { repoRoot } from './server.js';

export interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of the repository's scripts (scripts/ledger-verify.ts and the like) to its end, as its npm
 * script does, with `env` over this process's environment and DATA_DIR and DATABASE_URL cleared unless
 * given. One Node process with tsx's loader: `npx tsx` would start npm and the tsx CLI in front of it,
 * two more Node processes and a second or more of a loaded machine's time.
 */
export function runScript(script: string, args: string[] = [], env: Record<string, string> = {}): Promise<ScriptRun> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', script, ...args],
      { cwd: repoRoot, env: { ...process.env, DATA_DIR: '', DATABASE_URL: '', ...env }, timeout: 120_000 },
      (err, stdout, stderr) => done({ code: err ? Number((err as { code?: unknown }).code ?? -1) : 0, stdout, stderr }),
    );
  });
}

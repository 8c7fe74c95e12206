import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..');

/**
 * Runs a child script of this folder under tsx and hands each complete line it prints to `onLine`;
 * SIGKILLs it as soon as `onLine` returns true (a line the kill cuts in half is not handed on: the
 * child had not finished saying it). Rejects if no line asks for the kill in time.
 */
export function runUntilKilled(
  script: string,
  args: string[],
  onLine: (line: string) => boolean,
  timeoutMs = 90_000,
): Promise<{ signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(here, script), ...args], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let pending = '';
    let killed = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} ${args.join(' ')} did not reach its kill point in time; stderr: ${stderr}`));
    }, timeoutMs);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        if (killed) break;
        if (onLine(line)) {
          killed = true;
          child.kill('SIGKILL');
        }
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      resolveRun({ signal, stderr });
    });
  });
}

import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * An append-only file of JSON lines, each written and fsynced before append returns: what the game
 * server knows survives its crash. A line cut short by a crash mid-write is the last one; reading
 * skips it (its write never returned, so nothing acted on it).
 */
export class JsonlFile<T> {
  private fd: number;

  constructor(readonly path: string) {
    mkdirSync(dirname(path), { recursive: true });
    this.fd = openSync(path, 'a');
  }

  append(record: T): void {
    writeSync(this.fd, `${JSON.stringify(record)}\n`);
    fsyncSync(this.fd);
  }

  close(): void {
    closeSync(this.fd);
  }

  static read<T>(path: string): T[] {
    if (!existsSync(path)) return [];
    const records: T[] = [];
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      try {
        records.push(JSON.parse(line) as T);
      } catch {
        // The torn last line of a crash.
      }
    }
    return records;
  }
}

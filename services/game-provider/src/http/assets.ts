import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const WEB = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web');
const PAGES = ['lobby', 'roulette', 'slot', 'crash'];

/** The game pages' scripts (TypeScript in web/, bundled once at start) and stylesheet, by file name. */
/** The pages' scripts and styles by file name. */
export type Assets = Map<string, { type: string; body: string }>;

export async function buildAssets(): Promise<Assets> {
  const out = await build({
    entryPoints: PAGES.map((p) => join(WEB, `${p}.ts`)),
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2022',
    outdir: '/assets',
    logLevel: 'silent',
  });
  const assets = new Map<string, { type: string; body: string }>();
  for (const f of out.outputFiles)
    assets.set(f.path.split('/').pop()!, { type: 'text/javascript; charset=utf-8', body: f.text });
  assets.set('games.css', { type: 'text/css; charset=utf-8', body: readFileSync(join(WEB, 'games.css'), 'utf8') });
  return assets;
}

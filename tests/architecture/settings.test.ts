import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import t from 'tap';
import { repoRoot } from '../helpers/server.js';

// Every setting a process reads is documented (README.md or docs/): an operator, or a newcomer
// running a test or a benchmark, finds each name and what it does. A setting is read as
// `env.NAME`, `env['NAME']`, or by a helper given the environment and the name (`positive(env,
// 'NAME', ...)`), which is how every reader in this tree spells it.
const READERS = ['services', 'contracts/src', 'scripts', 'infra', 'tests', 'web/src'];
const READ = /\benv(?:\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\]|\s*,\s*['"]([A-Z][A-Z0-9_]+)['"])/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return ['node_modules', 'dist', 'libs'].includes(e.name) ? [] : sources(path);
    return /\.(ts|tsx|mjs|js)$/.test(e.name) ? [path] : [];
  });
}

const docs = [
  readFileSync(join(repoRoot, 'README.md'), 'utf8'),
  ...readdirSync(join(repoRoot, 'docs')).map((f) => readFileSync(join(repoRoot, 'docs', f), 'utf8')),
].join('\n');

t.test('every setting any process reads is named in README.md or docs/', async (t) => {
  const readers = new Map<string, string>();
  const files = READERS.flatMap((d) => sources(join(repoRoot, d)));
  t.ok(files.length > 500, `scanned ${files.length} files`);
  for (const file of files)
    for (const m of readFileSync(file, 'utf8').matchAll(READ)) {
      const name = (m[1] ?? m[2] ?? m[3])!;
      if (!readers.has(name)) readers.set(name, relative(repoRoot, file));
    }
  t.ok(readers.size > 60, `${readers.size} settings read`);
  const undocumented = [...readers].filter(([name]) => !new RegExp(`\\b${name}\\b`).test(docs));
  t.same(
    undocumented.map(([name, file]) => `${name} (read in ${file})`),
    [],
    'each is named in a doc',
  );
});

import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { composeFile } from '../../infra/compose.js';
import { repoRoot } from '../helpers/server.js';

// infra/systemd: the example units beside the Docker file. Each must start a process the compose file
// starts too, through an npm script that exists, and systemd itself must accept it.
const dir = join(repoRoot, 'infra', 'systemd');
const units = readdirSync(dir).filter((f) => f.endsWith('.service'));
const scripts = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).scripts as Record<string, string>;

t.test('a unit for every kind of process the compose file starts, each through its npm script', async (t) => {
  const started = new Set([...composeFile().matchAll(/command: npm run ([a-z-]+)/g)].map((m) => m[1]!));
  t.same([...started].sort(), ['engine', 'game-provider', 'gateway', 'projector', 'relay']);
  for (const name of started) {
    const unit = units.find((u) => u.replace(/@?\.service$/, '') === `exchange-${name}`);
    if (!unit) {
      t.fail(`no unit for ${name}`);
      continue;
    }
    const text = readFileSync(join(dir, unit), 'utf8');
    const exec = text.match(/^ExecStart=(.*)$/m)?.[1] ?? '';
    t.match(exec, new RegExp(`npm run -s ${name}\\b`), `${unit} runs npm run ${name}`);
    t.ok(scripts[name], `package.json has the ${name} script`);
    t.match(text, /^Restart=always$/m, `${unit} is restarted when it exits (a deposed leader does)`);
    if (unit.includes('@')) t.match(text, /^Environment=PORT=%i /m, `${unit}'s instance is its port`);
  }
});

const probe = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' });
const noAnalyze = probe.error || probe.status !== 0 ? 'systemd-analyze is not installed here' : false;

t.test('systemd-analyze verify accepts every unit', { skip: noAnalyze }, async (t) => {
  const tmp = mkdtempSync(join(tmpdir(), 'units-'));
  t.teardown(() => rmSync(tmp, { recursive: true, force: true }));
  for (const unit of units) {
    copyFileSync(join(dir, unit), join(tmp, unit));
    const name = unit.includes('@') ? unit.replace('@.service', '@4100.service') : unit;
    const r = spawnSync('systemd-analyze', ['verify', '--man=no', join(tmp, name)], { encoding: 'utf8' });
    t.equal(r.status, 0, `${unit}: ${r.stderr.trim()}`);
    t.equal(r.stderr.trim(), '', `${unit}: no warnings`);
  }
});

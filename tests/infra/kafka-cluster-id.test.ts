import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { brokerLayout, brokerProperties, formatStorage, newClusterId } from '../../infra/kafka/broker.js';
import { kafkaSkip } from '../helpers/kafka.js';

t.test('cluster ids are 16 random bytes in base64url and never start with "-"', async (t) => {
  const ids = new Set<string>();
  // 100,000 ids: at one in 64, an id starting with '-' would appear about 1,500 times.
  for (let i = 0; i < 100_000; i++) {
    const id = newClusterId();
    if (id.startsWith('-')) t.fail(`id ${id} starts with '-'`);
    if (!/^[A-Za-z0-9_-]{22}$/.test(id) || Buffer.from(id, 'base64url').length !== 16)
      t.fail(`id ${id} is not 16 bytes in base64url`);
    ids.add(id);
  }
  t.equal(ids.size, 100_000, 'no id repeats');
});

/** Formats a fresh storage folder with StorageTool, as startBroker does, and reads back the id it stored. */
function formatWith(clusterId: string): string {
  const root = mkdtempSync(join(tmpdir(), 'exch-kafka-format-'));
  try {
    const paths = brokerLayout(root);
    writeFileSync(paths.properties, brokerProperties(paths.dataDir, 19_092, 19_093, 1));
    formatStorage(paths, clusterId);
    const meta = join(paths.dataDir, 'meta.properties');
    return existsSync(meta) ? (/^cluster\.id=(.*)$/m.exec(readFileSync(meta, 'utf8'))?.[1] ?? '') : '';
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

t.test(
  'StorageTool formats storage with generated ids, and with an id that starts with "-"',
  { skip: kafkaSkip() },
  async (t) => {
    for (let i = 0; i < 3; i++) {
      const id = newClusterId();
      t.equal(formatWith(id), id, `generated id ${id} is stored as given`);
    }
    // The id that failed CI: passed as --cluster-id=ID it is a value, not an option.
    t.equal(
      formatWith('-Rb40jZz77Ixfpu5rhUlvA'),
      '-Rb40jZz77Ixfpu5rhUlvA',
      'an id starting with "-" is still read as the id',
    );
  },
);

t.test("a failed format reports StorageTool's own output", { skip: kafkaSkip() }, async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'exch-kafka-format-'));
  t.teardown(() => rmSync(root, { recursive: true, force: true }));
  const paths = brokerLayout(root);
  writeFileSync(paths.properties, 'process.roles=broker,controller\n');
  t.throws(
    () => formatStorage(paths, newClusterId()),
    /StorageTool format exited with 1:\n[\s\S]*\S/,
    'the error carries what StorageTool printed',
  );
});

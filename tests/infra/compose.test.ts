import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { composeFile } from '../../infra/compose.js';
import { repoRoot } from '../helpers/server.js';

t.test("infra/docker-compose.yml is what infra/compose.ts writes from the scripts' settings", async (t) => {
  t.equal(
    readFileSync(join(repoRoot, 'infra', 'docker-compose.yml'), 'utf8'),
    composeFile(),
    'regenerate with: node --import tsx infra/compose.ts > infra/docker-compose.yml',
  );
  t.match(composeFile(), /KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: "1"/, 'the broker settings a single node needs');
  t.equal(
    composeFile().match(/ENGINE_SECRET: "\$\{ENGINE_SECRET:\?/g)?.length,
    3,
    'both engines and the gateway take ENGINE_SECRET from the environment, required',
  );
});

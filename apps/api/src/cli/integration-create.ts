import { parseArgs } from 'node:util';
import { createIntegration } from '../modules/integrations/integrations.service.ts';
import { systemActor } from '../policy/actor.ts';
import { runIntegrationCommand, usageError } from './integration-cli.ts';

const USAGE = 'npm run integration:create -- --name "Collar platform"';

const { values } = parseArgs({ options: { name: { type: 'string' } } });
const name = values.name?.trim();
if (!name) usageError(['--name is required'], USAGE);

runIntegrationCommand(async (deps) => {
  const { integration, token } = await createIntegration(deps, { name }, systemActor('cli'));
  console.log(`Created integration "${integration.name}" (id ${integration.id}).`);
  console.log('Its token is shown only now: store it in the client, which sends it as');
  console.log('"Authorization: Bearer <token>" to POST /v1/trackers/readings.');
  console.log(`  ${token}`);
});

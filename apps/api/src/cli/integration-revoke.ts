import { parseArgs } from 'node:util';
import { z } from 'zod';
import { revokeIntegration } from '../modules/integrations/integrations.service.ts';
import { systemActor } from '../policy/actor.ts';
import { runIntegrationCommand, usageError } from './integration-cli.ts';

const USAGE = 'npm run integration:revoke -- --name "Collar platform"   (or --id <uuid>)';

const { values } = parseArgs({ options: { name: { type: 'string' }, id: { type: 'string' } } });
const name = values.name?.trim();
const id = values.id?.trim();
if (!name === !id) usageError(['Give exactly one of --name or --id'], USAGE);
if (id && !z.uuid().safeParse(id).success) usageError([`--id must be a UUID, not "${id}"`], USAGE);
const target = id ? { id } : { name: name ?? '' };

runIntegrationCommand(async (deps) => {
  const revoked = await revokeIntegration(deps, target, systemActor('cli'));
  console.log(`Revoked integration "${revoked.name}" (id ${revoked.id}): its token no longer works.`);
});

import { parseArgs } from 'node:util';
import { z } from 'zod';
import {
  createIntegration,
  listIntegrations,
  revokeIntegration,
} from '../modules/platform/integrations/index.ts';
import { systemActor } from '../policy/actor.ts';
import {
  type CommandContext,
  type ExitStatus,
  runIntegrationCommand,
  usageError,
} from './integration-cli.ts';

const CREATE_USAGE = 'npm run integration:create -- --name "Collar platform"';
const REVOKE_USAGE = 'npm run integration:revoke -- --name "Collar platform"   (or --id <uuid>)';

export async function integrationCreate(context: CommandContext): Promise<ExitStatus> {
  const { values } = parseArgs({ args: context.argv, options: { name: { type: 'string' } } });
  const name = values.name?.trim();
  if (!name) return usageError(context, ['--name is required'], CREATE_USAGE);

  return runIntegrationCommand(context, async (deps) => {
    const { integration, token } = await createIntegration(deps, systemActor('cli'), { name });
    context.console.log(`Created integration "${integration.name}" (id ${integration.id}).`);
    context.console.log('Its token is shown only now: store it in the client, which sends it as');
    context.console.log('"Authorization: Bearer <token>" to POST /v1/trackers/readings.');
    context.console.log(`  ${token}`);
  });
}

export async function integrationRevoke(context: CommandContext): Promise<ExitStatus> {
  const { values } = parseArgs({
    args: context.argv,
    options: { name: { type: 'string' }, id: { type: 'string' } },
  });
  const name = values.name?.trim();
  const id = values.id?.trim();
  if (!name === !id) return usageError(context, ['Give exactly one of --name or --id'], REVOKE_USAGE);
  if (id && !z.uuid().safeParse(id).success) {
    return usageError(context, [`--id must be a UUID, not "${id}"`], REVOKE_USAGE);
  }
  const target = id ? { id } : { name: name ?? '' };

  return runIntegrationCommand(context, async (deps) => {
    const revoked = await revokeIntegration(deps, systemActor('cli'), target);
    context.console.log(
      `Revoked integration "${revoked.name}" (id ${revoked.id}): its token no longer works.`,
    );
  });
}

const when = (date: Date | null) => (date ? date.toISOString() : '-');

export async function integrationList(context: CommandContext): Promise<ExitStatus> {
  return runIntegrationCommand(context, async (deps) => {
    const rows = await listIntegrations(deps);
    if (rows.length === 0) {
      context.console.log('No integrations yet: npm run integration:create -- --name "…"');
      return;
    }
    context.console.table(
      rows.map((row) => ({
        id: row.id,
        name: row.name,
        status: row.revokedAt ? 'revoked' : 'active',
        created: when(row.createdAt),
        'last used': when(row.lastUsedAt),
        revoked: when(row.revokedAt),
      })),
    );
  });
}

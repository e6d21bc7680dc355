import { parseArgs } from 'node:util';
import { INTEGRATION_SCOPE_CALLS } from '@vetboard/contract';
import { z } from 'zod';
import { getCompany } from '../modules/core/companies/index.ts';
import {
  createIntegration,
  type IntegrationScope,
  integrationScopes,
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

const CREATE_USAGE =
  'npm run integration:create -- --name "Collar platform" --scopes readings   (readings, owner_app; --company SKU for one company)';

/** What each scope lets the token call, said when it is made: the contract's list, as the Integrations page says. */
const SCOPE_ROUTES = Object.fromEntries(
  Object.entries(INTEGRATION_SCOPE_CALLS).map(([scope, { calls }]) => [scope, calls.join(', ')]),
) as Record<IntegrationScope, string>;
const REVOKE_USAGE = 'npm run integration:revoke -- --name "Collar platform"   (or --id <uuid>)';

export async function integrationCreate(context: CommandContext): Promise<ExitStatus> {
  const { values } = parseArgs({
    args: context.argv,
    options: { name: { type: 'string' }, scopes: { type: 'string' }, company: { type: 'string' } },
  });
  const name = values.name?.trim();
  const scopes = (values.scopes ?? '')
    .split(',')
    .map((scope) => scope.trim())
    .filter(Boolean);
  const problems = [
    ...(name ? [] : ['--name is required']),
    // A token says what it is for: one that could do everything was issue #47's defect.
    ...(scopes.length === 0 ? [`--scopes is required: one or more of ${integrationScopes.join(', ')}`] : []),
    ...scopes
      .filter((scope) => !integrationScopes.includes(scope as IntegrationScope))
      .map((scope) => `unknown scope "${scope}": use ${integrationScopes.join(', ')}`),
  ];
  if (problems.length > 0 || !name) return usageError(context, problems, CREATE_USAGE);
  const companySku = values.company?.trim() || null;

  return runIntegrationCommand(context, async (deps) => {
    if (companySku) await getCompany(deps, systemActor('cli'), companySku);
    const { integration, token } = await createIntegration(deps, systemActor('cli'), {
      name,
      scopes: scopes as IntegrationScope[],
      companySku,
    });
    context.console.log(`Created integration "${integration.name}" (id ${integration.id}).`);
    context.console.log(
      companySku ? `It writes only about the pets of company ${companySku}.` : 'It may write about any pet.',
    );
    context.console.log('Its token is shown only now: store it in the client, which sends it as');
    context.console.log('"Authorization: Bearer <token>" to:');
    for (const scope of integration.scopes) context.console.log(`  ${SCOPE_ROUTES[scope]}`);
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
        scopes: row.scopes.join(', '),
        company: row.companySku ?? '-',
        created: when(row.createdAt),
        'last used': when(row.lastUsedAt),
        revoked: when(row.revokedAt),
      })),
    );
  });
}

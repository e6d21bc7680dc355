import { listIntegrations } from '../modules/integrations/integrations.service.ts';
import { runIntegrationCommand } from './integration-cli.ts';

const when = (date: Date | null) => (date ? date.toISOString() : '-');

runIntegrationCommand(async (deps) => {
  const rows = await listIntegrations(deps);
  if (rows.length === 0) {
    console.log('No integrations yet: npm run integration:create -- --name "…"');
    return;
  }
  console.table(
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

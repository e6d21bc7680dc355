import { parseArgs } from 'node:util';
import { vetKindSchema } from '@vetboard/contract';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import { ConfigError, parseConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/open.ts';
import { DataDirLockedError } from '../db/pglite-lock.ts';
import { isAppError } from '../lib/app-error.ts';
import { issuePasswordSetupLink } from '../modules/core/auth/index.ts';
import { createVet, VET_SETUP_LINK_TTL_MS } from '../modules/core/vets/index.ts';
import { migrateDatabase } from '../modules/registry.ts';
import { authDepsOf } from '../plugins/app/services.ts';
import { systemActor } from '../policy/actor.ts';

/** How a real install gets its first account: the link lets the vet choose a password. */

const argsSchema = z.object({
  email: z.email('--email must be an e-mail address'),
  kind: vetKindSchema.default('regular'),
  'first-name': z.string().trim().min(1).default('New'),
  'last-name': z.string().trim().min(1).default('Vet'),
  company: z.string().trim().min(1).optional(),
});

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      kind: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      company: { type: 'string' },
    },
  });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    console.error(
      parsed.error.issues
        .map((issue) => `${issue.path.join('.') || 'argument'}: ${issue.message}`)
        .join('\n'),
    );
    console.error(
      'Usage: npm run vet:create -- --email someone@clinic.com [--kind head|regular|b2b|partner] [--first-name A] [--last-name B] [--company SKU]',
    );
    process.exit(2);
  }
  const args = parsed.data;
  // The command only queues the mail; the running server's workers send it.
  const config = { ...parseConfig(), workers: false };
  const database = await openConfiguredDatabase(config);
  await migrateDatabase(database);
  const app = await buildApp({ config, database, logger: false });
  try {
    // Creates the job queues the mail is sent through.
    await app.ready();
    const vet = await createVet({ db: database.db }, systemActor('vet:create'), {
      email: args.email,
      kind: args.kind,
      firstName: args['first-name'],
      lastName: args['last-name'],
      companySku: args.company ?? null,
    });
    const { link, expiresAt } = await issuePasswordSetupLink(authDepsOf(app), vet, {
      ttlMs: VET_SETUP_LINK_TTL_MS,
      meta: null,
      action: 'auth.password_setup_link_created',
      actor: systemActor('vet:create'),
      purpose: 'invitation',
    });
    console.log(`Created ${vet.kind} vet ${vet.email}.`);
    console.log(`One-time password-setting link (valid until ${expiresAt.toISOString()}):\n  ${link}`);
  } finally {
    await app.close();
  }
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || isAppError(error)) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});

import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../../../test/people-fixtures.ts';
import {
  createTestVet,
  loginAs,
  TEST_PUBLIC_URL,
  type TestApp,
  useTestApp,
} from '../../../../test/test-app.ts';
import { newId } from '../../../lib/ids.ts';
import { listAuditRows } from '../../platform/audit/audit.repository.ts';
import { listEmailsTo } from '../../platform/mail/mail.repository.ts';
import { passwordResetTokens } from '../auth/auth.table.ts';
import { insertVet, isVetEmailConflict } from './vets.repository.ts';
import { vets } from './vets.table.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
let actorId: string;
let companySku: string;

beforeAll(async () => {
  app = context.app;
  const actor = await createTestVet(app, { kind: 'head' });
  actorId = actor.id;
  cookies = await loginAs(app, actor.email);
  companySku = (await createCompany(app.database.db)).sku;
});

function create(payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/v1/vets', cookies, payload });
}

const newVet = (overrides: Record<string, unknown> = {}) => ({
  email: `new-${Math.random().toString(36).slice(2)}@clinic.test`,
  firstName: 'Nora',
  lastName: 'Quinn',
  kind: 'regular',
  ...overrides,
});

async function countVetsWithEmail(email: string) {
  const [row] = await app.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(vets)
    .where(eq(sql`lower(${vets.email})`, email.toLowerCase()));
  return row?.count ?? 0;
}

describe('creating a vet', () => {
  it('answers 201 { vet } without a password, audited with the actor', async () => {
    const payload = newVet({ kind: 'head' });
    const response = await create(payload);
    expect(response.statusCode, response.body).toBe(201);
    const { vet } = response.json();
    expect(vet).toMatchObject({
      email: payload.email,
      firstName: 'Nora',
      lastName: 'Quinn',
      kind: 'head',
      kindLabel: 'Head vet',
      isHeadVet: true,
      companySku: null,
      imageUrl: null,
      disabled: false,
    });
    const [row] = await app.database.db.select().from(vets).where(eq(vets.id, vet.uuid));
    expect(row?.passwordHash).toBeNull();
    const audit = await listAuditRows(app.database.db, { action: 'vets.create', entityId: vet.uuid });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorVetId: actorId,
      entity: 'vet',
      changes: { email: payload.email, kind: 'head', companySku: null, firstName: 'Nora', lastName: 'Quinn' },
    });
  });

  it('e-mails the new vet a one-time link to choose a password', async () => {
    const payload = newVet();
    const response = await create(payload);
    expect(response.statusCode).toBe(201);
    const { vet } = response.json();
    await app.mailer.drain();
    const mails = await listEmailsTo(app.database.db, payload.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.status).toBe('logged');
    expect(mails[0]?.createdByVetId).toBe(actorId);
    expect(mails[0]?.subject).toBe('Vetboard: your dashboard account');
    // Its own wording, not the password reset's.
    expect(mails[0]?.text).toContain('An account on the Vetboard dashboard has been created for you');
    expect(mails[0]?.text).toContain('expires in 1 day');
    expect(mails[0]?.text).not.toContain('If you did not ask for this');
    const link = mails[0]?.text.match(/(http\S+\/reset-password\/(\S+))/);
    expect(link?.[1]?.startsWith(`${TEST_PUBLIC_URL}/reset-password/`)).toBe(true);
    const tokens = await app.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.vetId, vet.uuid));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);

    // The link works: the vet sets a password and can log in.
    const confirm = await app.inject({
      method: 'POST',
      url: '/v1/auth/password-reset/confirm',
      payload: { token: link?.[2], password: 'a brand new password 1' },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    await loginAs(app, payload.email, 'a brand new password 1');
  });

  it('creates a B2B vet or partner of an existing company', async () => {
    for (const kind of ['b2b', 'partner']) {
      const response = await create(newVet({ kind, companySku }));
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().vet).toMatchObject({ kind, companySku });
    }
  });

  it('refuses a B2B vet without a company or with an unknown one, on companySku', async () => {
    const missing = await create(newVet({ kind: 'b2b' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([
      { path: 'companySku', message: 'Choose the company of this vet' },
    ]);

    const unknown = await create(newVet({ kind: 'partner', companySku: 'NOSUCHCO' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'vets.unknown_company', details: [{ path: 'companySku' }] });
  });

  it.each(['regular', 'head', 'undefined'])('refuses a company for a %s vet', async (kind) => {
    const payload = newVet({ kind, companySku });
    const response = await create(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'vets.company_not_allowed',
      details: [{ path: 'companySku' }],
    });
    expect(await countVetsWithEmail(payload.email)).toBe(0);
  });

  it('refuses an e-mail already used, whatever its case, with 409 and sends nothing', async () => {
    const payload = newVet();
    expect((await create(payload)).statusCode).toBe(201);
    const again = await create({ ...payload, email: payload.email.toUpperCase(), firstName: 'Other' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: 'A vet with this e-mail already exists',
      code: 'vets.email_taken',
      details: [{ path: 'email', message: 'Already in use' }],
    });
    await app.mailer.drain();
    expect(await listEmailsTo(app.database.db, payload.email.toUpperCase())).toHaveLength(0);
  });

  it('creates one vet and answers 409 to the others when the same e-mail is sent at once', async () => {
    const payload = newVet();
    const responses = await Promise.all(
      Array.from({ length: 4 }, (_, i) => create({ ...payload, firstName: `Racer${i}` })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().code).toBe('vets.email_taken');
    }
    expect(await countVetsWithEmail(payload.email)).toBe(1);
    await app.mailer.drain();
    expect(await listEmailsTo(app.database.db, payload.email)).toHaveLength(1);
  });

  it("recognises the database's own refusal of a duplicate e-mail, the last guard against a race", async () => {
    const existing = await createTestVet(app);
    const duplicate = insertVet(app.database.db, {
      id: newId(),
      email: existing.email.toUpperCase(),
      firstName: 'Dup',
      lastName: 'Licate',
    });
    const error = await duplicate.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isVetEmailConflict(error)).toBe(true);
    expect(isVetEmailConflict(new Error('duplicate key value violates unique constraint "vets_pkey"'))).toBe(
      false,
    );
  });

  it('rejects unknown fields (no mass assignment) and invalid values with 400', async () => {
    const extra = await create(newVet({ passwordHash: 'x', disabled: true }));
    expect(extra.statusCode).toBe(400);
    expect(extra.json().code).toBe('request.invalid');
    expect(
      extra
        .json()
        .details.map((d: { path: string }) => d.path)
        .join(','),
    ).toMatch(/passwordHash|disabled/);

    for (const bad of [{ email: 'not-an-email' }, { kind: 'admin' }, { firstName: '  ' }]) {
      const response = await create(newVet(bad));
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('needs a session', async () => {
    const response = await app.inject({ method: 'POST', url: '/v1/vets', payload: newVet() });
    expect(response.statusCode).toBe(401);
  });
});

import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createUser } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { newId } from '../../../lib/ids.ts';
import type { VetRow } from '../../core/vets/vets.table.ts';
import { listAuditRows } from '../../platform/audit/audit.repository.ts';
import { insertBetaUser } from './betas.repository.ts';
import { betaUsers } from './betas.table.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
let vet: VetRow;

beforeAll(async () => {
  app = context.app;
  vet = await createTestVet(app, { firstName: 'Helena', lastName: 'Marsh', kind: 'head' });
  cookies = await loginAs(app, vet.email);
});

function enrol(payload: unknown, withSession = true) {
  return app.inject({
    method: 'POST',
    url: '/v1/betas',
    payload: payload as object,
    cookies: withSession ? cookies : {},
  });
}

function enrolmentsOf(userId: string) {
  return app.database.db.select().from(betaUsers).where(eq(betaUsers.userId, userId));
}

describe('a vet enrols a user in a beta feature', () => {
  it('answers 201 with the enrolment, signed by the vet, and audits it', async () => {
    const { owner } = await createFamily(app.database.db, {
      owner: { firstName: 'Emma', lastName: 'Clarke', email: 'emma.clarke@example.com' },
    });
    const before = Math.floor(Date.now() / 1000);

    const response = await enrol({
      userUuid: owner.id,
      feature: 'collar_v2',
      notes: '  Wants the new collar  ',
    });

    expect(response.statusCode).toBe(201);
    const { betaUser } = response.json();
    expect(betaUser).toEqual({
      uuid: expect.any(String),
      user: {
        uuid: owner.id,
        name: 'Emma Clarke',
        email: 'emma.clarke@example.com',
        userType: 1,
        familyUuid: owner.familyId,
      },
      feature: 'collar_v2',
      enrolledAt: { seconds: expect.any(Number) },
      enrolledBy: { uuid: vet.id, name: 'Helena Marsh' },
      notes: 'Wants the new collar',
    });
    expect(betaUser.enrolledAt.seconds).toBeGreaterThanOrEqual(before - 1);

    const [stored] = await enrolmentsOf(owner.id);
    expect(stored).toMatchObject({ id: betaUser.uuid, enrolledByVetId: vet.id, feature: 'collar_v2' });
    const audit = await listAuditRows(app.database.db, { action: 'betas.create', entityId: betaUser.uuid });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorVetId: vet.id,
      entity: 'beta_user',
      changes: { userUuid: owner.id, feature: 'collar_v2', notes: 'Wants the new collar' },
    });

    const fetched = await app.inject({ method: 'GET', url: `/v1/betas/${betaUser.uuid}`, cookies });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).toEqual({ betaUser });
  });

  it('enrols the same user in another feature, without notes', async () => {
    const user = await createUser(app.database.db);
    expect((await enrol({ userUuid: user.id, feature: 'ai_triage' })).statusCode).toBe(201);
    const second = await enrol({ userUuid: user.id, feature: 'heart_rate', notes: '   ' });
    expect(second.statusCode).toBe(201);
    expect(second.json().betaUser.notes).toBeNull();
    expect(await enrolmentsOf(user.id)).toHaveLength(2);
  });

  it('answers 409 betas.already_enrolled for a second enrolment in the same feature', async () => {
    const user = await createUser(app.database.db);
    expect((await enrol({ userUuid: user.id, feature: 'diet_planner' })).statusCode).toBe(201);

    const again = await enrol({ userUuid: user.id, feature: 'diet_planner', notes: 'again' });

    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: 'This user is already enrolled in this beta feature',
      code: 'betas.already_enrolled',
      details: [{ path: 'feature', message: 'Already enrolled' }],
    });
    expect(await enrolmentsOf(user.id)).toHaveLength(1);
  });

  it('is guarded by the unique index when two enrolments race past the check', async () => {
    const user = await createUser(app.database.db);
    const row = { userId: user.id, feature: 'weekly_reports' as const, enrolledByVetId: vet.id };
    await insertBetaUser(app.database.db, { id: newId(), ...row });
    const error = await insertBetaUser(app.database.db, { id: newId(), ...row }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(error, 'beta_users_user_feature_key')).toBe(true);
    expect(isUniqueViolation(error, 'pets_microchip_key')).toBe(false);
  });

  it('answers 400 betas.user_not_found for an unknown user and writes nothing', async () => {
    const audited = async () => (await listAuditRows(app.database.db, { action: 'betas.create' })).length;
    const auditedBefore = await audited();
    const response = await enrol({ userUuid: newId(), feature: 'collar_v2' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Invalid request',
      code: 'betas.user_not_found',
      details: [{ path: 'userUuid', message: 'No user with this id' }],
    });
    expect(await audited()).toBe(auditedBefore);
  });

  it('rejects unknown fields and invalid values with 400', async () => {
    const user = await createUser(app.database.db);
    const cases: Array<[object, string]> = [
      [{ userUuid: user.id, feature: 'collar_v2', enrolledByVetId: newId() }, 'enrolledByVetId'],
      [{ userUuid: user.id, feature: 'collar_v2', enrolledAt: { seconds: 0 } }, 'enrolledAt'],
      [{ userUuid: user.id, feature: 'teleport' }, 'feature'],
      [{ userUuid: 'emma', feature: 'collar_v2' }, 'userUuid'],
      [{ feature: 'collar_v2' }, 'userUuid'],
      [{ userUuid: user.id, feature: 'collar_v2', notes: 'x'.repeat(2001) }, 'notes'],
    ];
    for (const [payload, path] of cases) {
      const response = await enrol(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().details).toContainEqual(expect.objectContaining({ path }));
    }
    expect(await enrolmentsOf(user.id)).toHaveLength(0);
  });

  it('needs a session', async () => {
    const user = await createUser(app.database.db);
    expect((await enrol({ userUuid: user.id, feature: 'collar_v2' }, false)).statusCode).toBe(401);
    expect(await enrolmentsOf(user.id)).toHaveLength(0);
  });
});

describe('a vet opens a beta enrolment', () => {
  it('gets 404 betas.not_found for an unknown id, 400 for a malformed one, 401 without a session', async () => {
    const unknown = await app.inject({ method: 'GET', url: `/v1/betas/${newId()}`, cookies });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Beta user not found', code: 'betas.not_found' });

    const malformed = await app.inject({ method: 'GET', url: '/v1/betas/42', cookies });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'request.invalid', details: [{ path: 'id' }] });

    const anonymous = await app.inject({ method: 'GET', url: `/v1/betas/${newId()}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

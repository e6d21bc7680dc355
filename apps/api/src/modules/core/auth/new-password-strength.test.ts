import { beforeAll, describe, expect, it } from 'vitest';
import { drainPasswordResetMail } from '../../../../test/job-queue.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { DEFAULT_DEMO_PASSWORD } from '../../../config.ts';
import { listEmailsTo } from '../../platform/mail/mail.repository.ts';

const context = useTestApp();
let app: TestApp;
beforeAll(() => {
  app = context.app;
});

async function resetLinkToken(email: string): Promise<string> {
  await app.inject({ method: 'POST', url: '/v1/auth/password-reset', payload: { email } });
  await drainPasswordResetMail(app);
  const [mail] = await listEmailsTo(app.database.db, email);
  const match = mail?.text.match(/\/reset-password\/([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`no reset link mailed to ${email}`);
  return match[1];
}

function confirm(token: string, password: string) {
  return app.inject({ method: 'POST', url: '/v1/auth/password-reset/confirm', payload: { token, password } });
}

describe('a vet choosing a new password (reset or invitation link)', () => {
  it.each([
    ['twelve spaces', '            '],
    ['a common password with digits', 'password1234'],
    ['a sequence', '123456789012'],
    ['a keyboard walk', 'qwertyuiop12'],
    ['the published demo password', DEFAULT_DEMO_PASSWORD],
    ["the product's name", 'Vetboard2026!'],
  ])('is refused with 400 on `password` for %s, and the link still works', async (_case, weak) => {
    const vet = await createTestVet(app);
    const token = await resetLinkToken(vet.email);
    const response = await confirm(token, weak);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('auth.weak_password');
    expect(body.details).toEqual([{ path: 'password', message: body.error }]);
    expect(body.error).toContain('a short sentence of your own');
    // Nothing changed: the old password still logs in and the link takes a good one.
    await loginAs(app, vet.email);
    expect((await confirm(token, 'my beagle naps under the piano')).statusCode).toBe(200);
  });

  it("is refused when built on the vet's own name or e-mail address", async () => {
    const vet = await createTestVet(app, {
      firstName: 'Evangelina',
      lastName: 'Brightwater',
      email: `evangelina.brightwater.${Date.now()}@clinic.test`,
    });
    const token = await resetLinkToken(vet.email);
    for (const weak of ['EvangelinaBrightwater', 'brightwater evangelina', vet.email]) {
      const response = await confirm(token, weak);
      expect(response.statusCode, weak).toBe(400);
      expect(response.json().code).toBe('auth.weak_password');
    }
    expect((await confirm(token, 'my beagle naps under the piano')).statusCode).toBe(200);
  });

  it('leaves existing hashes alone: a vet seeded with the demo password still logs in', async () => {
    const vet = await createTestVet(app, { password: DEFAULT_DEMO_PASSWORD });
    await loginAs(app, vet.email, DEFAULT_DEMO_PASSWORD);
  });
});

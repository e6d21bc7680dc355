import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../test/test-app.ts';
import { buildApp } from './app.ts';

let lines: string[] = [];
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  const stream = { write: (line: string) => lines.push(line) };
  app = await buildApp({
    config: testConfig(),
    database: await createTestDatabase(),
    logger: { level: 'info', stream },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

describe('the request log', () => {
  it('never shows a signed PDF link’s signature or a token, only that one was there', async () => {
    lines = [];
    await app.inject({
      method: 'GET',
      url: '/v1/diets/0b6f1f5e-7b1c-4e8f-9d7a-0c3e2b1a4d5f/pdf/content?expires=1795000000&signature=SIGNATURE-VALUE',
    });
    await app.inject({ method: 'GET', url: '/v1/users?token=TOKEN-VALUE' });
    await app.inject({ method: 'GET', url: '/reset-password/RESET-TOKEN-VALUE' });
    const log = lines.join('\n');
    expect(log).toContain('signature=[redacted]');
    expect(log).toContain('expires=1795000000');
    for (const secret of ['SIGNATURE-VALUE', 'TOKEN-VALUE', 'RESET-TOKEN-VALUE'])
      expect(log).not.toContain(secret);
  });
});

import { describe, expect, it } from 'vitest';
import { redactSecrets } from './audit.service.ts';

describe('the audit log', () => {
  it('records that a secret changed but never its value', () => {
    expect(
      redactSecrets({
        email: 'a@b.c',
        password: 'hunter2hunter2',
        nested: { resetToken: 'abc', kind: 'head' },
        tags: ['x'],
      }),
    ).toEqual({
      email: 'a@b.c',
      password: '[redacted]',
      nested: { resetToken: '[redacted]', kind: 'head' },
      tags: ['x'],
    });
  });
});

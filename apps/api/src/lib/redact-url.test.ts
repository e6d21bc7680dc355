import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.ts';

describe('URLs in request logs', () => {
  it('hide signatures, tokens and reset-link tokens but keep everything else', () => {
    expect(redactUrl('/v1/diets/abc/pdf/content?expires=1795000000&signature=s3cr3t')).toBe(
      '/v1/diets/abc/pdf/content?expires=1795000000&signature=[redacted]',
    );
    expect(redactUrl('/x?access_token=a&Token=b&page=2&search=luna')).toBe(
      '/x?access_token=[redacted]&Token=[redacted]&page=2&search=luna',
    );
    expect(redactUrl('/reset-password/abcDEF_123?next=%2F')).toBe('/reset-password/[redacted]?next=%2F');
    expect(redactUrl('/v1/users?page=1')).toBe('/v1/users?page=1');
    expect(redactUrl('/v1/users')).toBe('/v1/users');
  });
});

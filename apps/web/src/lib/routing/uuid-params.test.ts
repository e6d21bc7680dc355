import { isNotFound } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { validateUuidParams } from './uuid-params.ts';

const uuid = '0190a6e4-7c1e-7b3a-9f00-000000000001';

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('validateUuidParams', () => {
  it('passes valid UUIDs through', () => {
    expect(validateUuidParams({ uuid, sku: 'ACME' }, 'uuid')).toEqual({ uuid, sku: 'ACME' });
    expect(validateUuidParams({ uuid, checkupUuid: uuid }, 'uuid', 'checkupUuid')).toEqual({
      uuid,
      checkupUuid: uuid,
    });
  });

  it.each(['not-a-uuid', '123', '', `${uuid}x`, 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz'])(
    'answers 404 for %j',
    (value) => {
      expect(isNotFound(thrown(() => validateUuidParams({ uuid: value }, 'uuid')))).toBe(true);
    },
  );

  it('checks every named param', () => {
    expect(
      isNotFound(thrown(() => validateUuidParams({ uuid, checkupUuid: 'x' }, 'uuid', 'checkupUuid'))),
    ).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { camelCaseKey, camelCaseKeys } from './camel-case.ts';

describe('camelCaseKey', () => {
  it.each([
    ['first_name', 'firstName'],
    ['image_url', 'imageUrl'],
    ['is_head_vet', 'isHeadVet'],
    ['x-request-id', 'xRequestId'],
    ['b2b_code', 'b2bCode'],
    ['firstName', 'firstName'],
    ['b2BCode', 'b2BCode'],
    ['uuid', 'uuid'],
    ['_private_key', '_privateKey'],
    ['trailing_', 'trailing_'],
    ['double__underscore', 'doubleUnderscore'],
  ])('%s → %s', (input, expected) => {
    expect(camelCaseKey(input)).toBe(expected);
  });
});

describe('camelCaseKeys', () => {
  it('converts nested objects and arrays, leaving values untouched', () => {
    expect(
      camelCaseKeys({
        vet_list: [{ first_name: 'Ada', kind_label: 'Head vet', tags: ['snake_value'] }],
        page_info: { page_size: 200, next_page: null },
        created_at: '2024-01-01',
      }),
    ).toEqual({
      vetList: [{ firstName: 'Ada', kindLabel: 'Head vet', tags: ['snake_value'] }],
      pageInfo: { pageSize: 200, nextPage: null },
      createdAt: '2024-01-01',
    });
  });

  it('passes primitives and non-plain objects through', () => {
    const date = new Date(0);
    expect(camelCaseKeys('a_b')).toBe('a_b');
    expect(camelCaseKeys(null)).toBeNull();
    expect(camelCaseKeys(42)).toBe(42);
    expect(camelCaseKeys({ at_time: date })).toEqual({ atTime: date });
  });
});

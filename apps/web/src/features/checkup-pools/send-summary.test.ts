import { describe, expect, it } from 'vitest';
import { sentSummary } from './send-summary.ts';

const uuid = (n: number) => `0190a6e4-7c1e-7b3a-9f00-${String(n).padStart(12, '0')}`;

describe('the toast after sending a pool to many pets', () => {
  it('says how many were sent, and how many were skipped and why, in words', () => {
    expect(sentSummary({ checkupUuids: [uuid(1), uuid(2)], skipped: [] })).toBe('Sent to 2 pets.');
    expect(
      sentSummary({ checkupUuids: [uuid(1)], skipped: [{ petUuid: uuid(3), reason: 'awaiting_answer' }] }),
    ).toBe('Sent to 1 pet. 1 pet skipped: its owner has not answered this pool’s last checkup yet.');
    expect(
      sentSummary({
        checkupUuids: [],
        skipped: [
          { petUuid: uuid(3), reason: 'awaiting_answer' },
          { petUuid: uuid(4), reason: 'awaiting_answer' },
        ],
      }),
    ).toBe('Sent to 0 pets. 2 pets skipped: their owners have not answered this pool’s last checkup yet.');
  });
});

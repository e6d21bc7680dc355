import { v7 } from 'uuid';

/** UUID v7: time-ordered, so primary-key inserts stay append-only in the B-tree (DOMAIN.md). */
export function newId(): string {
  return v7();
}

import { fullName, type PersonRef } from '@vetboard/contract';

/** A vet (or user) left-joined onto a row: the ids and names are null when no one is there. */
export type PersonColumns = { id: string | null; firstName: string | null; lastName: string | null } | null;

/** The `{ uuid, name }` a response shows for a joined person, or null when the join found no one. */
export function personRef(person: PersonColumns): PersonRef | null {
  return person?.id
    ? {
        uuid: person.id,
        name: fullName({ firstName: person.firstName ?? '', lastName: person.lastName ?? '' }),
      }
    : null;
}

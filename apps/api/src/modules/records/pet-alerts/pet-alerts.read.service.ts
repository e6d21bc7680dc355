import { type InboxPet, type PetAlertBadge, type PetAlertKind, petAlertKindLabels } from '@vetboard/contract';
import type { DbOrTx } from '../../../db/client.ts';
import type { TimelineEvent, TimelineRead } from '../../../lib/timeline.ts';
import { activeAlertsOfPets, alertTimelineRows } from './pet-alerts.repository.ts';

export const alertLabel = (kind: PetAlertKind, text: string | null) =>
  kind === 'other' ? (text ?? '') : petAlertKindLabels[kind];

/** Several pets' active alerts in one read, by pet id (a pet with none is absent). */
export async function alertBadgesOfPets(
  db: DbOrTx,
  petIds: readonly string[],
): Promise<Map<string, PetAlertBadge[]>> {
  const byPet = new Map<string, PetAlertBadge[]>();
  const ids = [...new Set(petIds)];
  if (ids.length === 0) return byPet;
  for (const row of await activeAlertsOfPets(db, ids)) {
    const badges = byPet.get(row.petId) ?? [];
    badges.push({ kind: row.kind, label: alertLabel(row.kind, row.text) });
    byPet.set(row.petId, badges);
  }
  return byPet;
}

/** A row whose pet is named but not yet given its alerts (what a record's mapper builds). */
export type WithoutPetAlerts<T extends { pet: InboxPet }> = Omit<T, 'pet'> & {
  pet: Omit<InboxPet, 'alerts'>;
};

/**
 * Gives every row's pet its active alerts, with one read for the whole page whatever its length (the
 * inbox kit's pet reference: every inbox row shows its pet's alerts).
 */
export async function withPetAlerts<T extends { pet: InboxPet }>(
  db: DbOrTx,
  rows: readonly WithoutPetAlerts<T>[],
): Promise<T[]> {
  const byPet = await alertBadgesOfPets(
    db,
    rows.map((row) => row.pet.uuid),
  );
  return rows.map((row) => ({ ...row, pet: { ...row.pet, alerts: byPet.get(row.pet.uuid) ?? [] } }) as T);
}

/** A pet's alerts set and removed, with who did it, for its timeline (each kind one bounded read). */
export async function listPetAlertTimelineEvents(
  deps: { db: DbOrTx },
  read: TimelineRead,
): Promise<TimelineEvent[]> {
  const [set, removed] = await Promise.all([
    read.kinds.has('pet_alert.set') ? alertTimelineRows(deps.db, read, 'pet_alert.set') : [],
    read.kinds.has('pet_alert.removed') ? alertTimelineRows(deps.db, read, 'pet_alert.removed') : [],
  ]);
  const link = `/pets/${read.petId}`;
  const by = (name: string | null) => (name ? ` by ${name}` : '');
  return [
    ...set.map(
      (row): TimelineEvent => ({
        id: row.id,
        at: row.at,
        kind: 'pet_alert.set',
        source: 'vet',
        title: `Patient alert “${alertLabel(row.kind, row.text)}” set${by(row.by)}`,
        link,
      }),
    ),
    ...removed.map(
      (row): TimelineEvent => ({
        id: row.id,
        at: row.at,
        kind: 'pet_alert.removed',
        source: 'vet',
        title: `Patient alert “${alertLabel(row.kind, row.text)}” removed${by(row.by)}`,
        link,
      }),
    ),
  ];
}

/** One row's pet with its active alerts (a record's own page). */
export async function withAlertsOfPet<T extends { pet: InboxPet }>(
  db: DbOrTx,
  row: WithoutPetAlerts<T>,
): Promise<T> {
  const [given] = await withPetAlerts<T>(db, [row]);
  return given as T;
}

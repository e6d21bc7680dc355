import { toTimestamp, type Vet, type VetDetail, type VetListItem, vetKindLabels } from '@vetboard/contract';
import type { VetRow } from './vets.table.ts';

/** The allow-list of what a vet row may show to clients: never the password hash or flags. */
export function toVetDto(row: VetRow): Vet {
  return {
    uuid: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    imageUrl: row.imageUrl,
    kind: row.kind,
    companySku: row.companySku,
    isRegularVet: row.kind === 'regular',
    isHeadVet: row.kind === 'head',
    kindLabel: vetKindLabels[row.kind],
  };
}

export function toVetListItemDto(row: VetRow): VetListItem {
  return { ...toVetDto(row), createdAt: toTimestamp(row.createdAt), disabled: row.disabled };
}

export function toVetDetailDto(row: VetRow): VetDetail {
  return {
    ...toVetListItemDto(row),
    updatedAt: toTimestamp(row.updatedAt),
    lastSignedInAt: row.lastSignedInAt ? toTimestamp(row.lastSignedInAt) : null,
  };
}

/** One CSV line's values, in `VET_CSV_COLUMNS` order. */
export function toVetCsvValues(row: VetRow): unknown[] {
  return [
    row.id,
    row.firstName,
    row.lastName,
    row.email,
    row.kind,
    vetKindLabels[row.kind],
    row.companySku,
    row.createdAt,
  ];
}

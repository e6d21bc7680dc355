import type { VetKind } from '@vetboard/contract';
import type { Db } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import type { RequestMeta } from '../../lib/request-meta.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { vetsErrors } from './vets.errors.ts';
import { findVetByEmail, insertVet } from './vets.repository.ts';
import type { VetRow } from './vets.table.ts';

export interface NewVetInput {
  email: string;
  firstName: string;
  lastName: string;
  kind: VetKind;
  companySku: string | null;
}

/** A new vet has no password: they choose one through the link they are sent. */
export async function createVet(
  deps: { db: Db },
  input: NewVetInput,
  actor: { vetId: string | null; meta: RequestMeta | null },
): Promise<VetRow> {
  return deps.db.transaction(async (tx) => {
    if (await findVetByEmail(tx, input.email)) throw vetsErrors.emailTaken();
    const vet = await insertVet(tx, {
      id: newId(),
      passwordHash: null,
      imageUrl: null,
      ...input,
      email: input.email.trim(),
    });
    await recordAudit(
      tx,
      {
        actorVetId: actor.vetId,
        action: 'vets.create',
        entity: 'vet',
        entityId: vet.id,
        changes: {
          email: vet.email,
          firstName: vet.firstName,
          lastName: vet.lastName,
          kind: vet.kind,
          companySku: vet.companySku,
        },
      },
      actor.meta,
    );
    return vet;
  });
}

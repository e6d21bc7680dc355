import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { documentLifecycle } from './document-lifecycle.ts';

type Status = 'draft' | 'signed';
type Action = 'edit' | 'sign' | 'delete' | 'amend';

const reports = documentLifecycle<Status, Action>({
  initial: 'draft',
  actions: {
    edit: { from: ['draft'], refused: () => new AppError(409, 'reports.signed_read_only', 'Read only') },
    sign: {
      from: ['draft'],
      to: 'signed',
      refused: () => new AppError(409, 'reports.already_signed', 'Signed'),
    },
    delete: { from: ['draft'], refused: () => new AppError(409, 'reports.signed_cannot_delete', 'Kept') },
    amend: { from: ['signed'], refused: () => new AppError(409, 'reports.not_signed', 'Not signed') },
  },
});

const notFound = () => new AppError(404, 'reports.not_found', 'Report not found');

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('a document life-cycle', () => {
  it('lets a draft be edited, signed and deleted, and says where each action leads', () => {
    expect(reports.check('draft', 'edit')).toBe('draft');
    expect(reports.check('draft', 'sign')).toBe('signed');
    expect(reports.check('draft', 'delete')).toBe('draft');
    expect(reports.can('draft', 'amend')).toBe(false);
  });

  it('refuses any change to a signed document with the action’s own 409 code', () => {
    expect(() => reports.check('signed', 'edit')).toThrow(
      expect.objectContaining({ statusCode: 409, code: 'reports.signed_read_only' }),
    );
    expect(() => reports.check('signed', 'sign')).toThrow(
      expect.objectContaining({ statusCode: 409, code: 'reports.already_signed' }),
    );
    expect(() => reports.check('signed', 'delete')).toThrow(
      expect.objectContaining({ statusCode: 409, code: 'reports.signed_cannot_delete' }),
    );
    expect(reports.can('signed', 'edit')).toBe(false);
    expect(reports.can('signed', 'amend')).toBe(true);
  });

  it('checks the status only after the row is locked, and answers 404 for a missing one', async () => {
    const order: string[] = [];
    const { row, next } = await reports.lockFor(
      async () => {
        order.push('lock');
        return { id: 'r1', status: 'draft' as const };
      },
      notFound,
      'sign',
    );
    expect(order).toEqual(['lock']);
    expect(row.id).toBe('r1');
    expect(next).toBe('signed');

    const missing = await refusal(reports.lockFor(async () => undefined, notFound, 'edit'));
    expect(missing.statusCode).toBe(404);
    expect(missing.code).toBe('reports.not_found');

    const locked = await refusal(
      reports.lockFor(async () => ({ id: 'r2', status: 'signed' as const }), notFound, 'edit'),
    );
    expect(locked.statusCode).toBe(409);
    expect(locked.code).toBe('reports.signed_read_only');
  });

  it('amends a signed document as a new draft that points at the version it replaces', () => {
    expect(reports.newVersionOf({ id: 'r2' })).toEqual({ status: 'draft', previousVersionId: 'r2' });
  });
});

import type { AppError } from './app-error.ts';

/**
 * The life of a document a vet writes for an owner or a record (a diet today; assessments, reports,
 * checkup reviews and weekly reports next): it is a `draft` while it is written, becomes final when it
 * is signed or published, and a final document never changes again: it is amended by starting a new
 * version (a new draft that points at the one it replaces). ARCHITECTURE.md, "Document life-cycle".
 *
 * A module declares its statuses and actions once, with the 409 error each refusal answers, and every
 * change goes through `lockFor`: the row is locked for the rest of the transaction before its status is
 * checked, so two concurrent changes (an edit and a publish) can never both pass the guard.
 */
export interface DocumentAction<Status extends string> {
  /** The statuses this action may start from. */
  readonly from: readonly Status[];
  /** The status the document has after it; none when the action leaves the status alone (an edit). */
  readonly to?: Status;
  /** The module's own error for a document in any other status: a 409 with a stable code. */
  readonly refused: () => AppError;
}

export interface DocumentLifecycleRules<Status extends string, Action extends string> {
  /** The status of a new document, and of each new version. */
  readonly initial: Status;
  readonly actions: { readonly [A in Action]: DocumentAction<Status> };
}

export interface DocumentLifecycle<Status extends string, Action extends string> {
  readonly initial: Status;
  /** Whether `action` may be taken on a document in `status` (to offer it, or not, in a response). */
  can(status: Status, action: Action): boolean;
  /** The status after `action`, or the action's 409 when the document's status does not allow it. */
  check(status: Status, action: Action): Status;
  /**
   * Locks the document (in the caller's transaction) and checks the action against its status. Missing
   * answers `notFound` (404), a status that forbids the action the action's 409.
   */
  lockFor<Row extends { status: Status }>(
    lock: () => Promise<Row | undefined>,
    notFound: () => AppError,
    action: Action,
  ): Promise<{ row: Row; next: Status }>;
  /** The fields of a new version of `source`: a fresh draft that records which document it amends. */
  newVersionOf(source: { id: string }): { status: Status; previousVersionId: string };
}

export function documentLifecycle<Status extends string, Action extends string>(
  rules: DocumentLifecycleRules<Status, Action>,
): DocumentLifecycle<Status, Action> {
  const can = (status: Status, action: Action) => rules.actions[action].from.includes(status);
  const check = (status: Status, action: Action): Status => {
    const rule = rules.actions[action];
    if (!rule.from.includes(status)) throw rule.refused();
    return rule.to ?? status;
  };
  return {
    initial: rules.initial,
    can,
    check,
    async lockFor(lock, notFound, action) {
      const row = await lock();
      if (!row) throw notFound();
      return { row, next: check(row.status, action) };
    },
    newVersionOf: (source) => ({ status: rules.initial, previousVersionId: source.id }),
  };
}

import type { UseMutationResult } from '@tanstack/react-query';

export interface MutateCallbacks<TData, TError> {
  onSuccess?: (data: TData) => void;
  onError?: (error: TError) => void;
}

/**
 * `mutation.mutate(variables, callbacks)`, except that the callbacks also run when the calling component
 * has unmounted by the time the server answers: TanStack Query then drops `mutate`'s own per-call
 * callbacks. A change often unmounts its own form. The form is keyed by the data the change writes, or
 * it sits in a row that leaves its list, or in an empty state that the first item replaces. The change's
 * live update, sent at commit, re-reads that data, often before the change's own answer arrives. A
 * confirmation, a dialog to close or a move of focus must not depend on that race. Errors stay on
 * `mutation.error` and go to the global handler as with `mutate`.
 */
export function mutateThen<TData, TError, TVariables, TContext>(
  mutation: Pick<UseMutationResult<TData, TError, TVariables, TContext>, 'mutateAsync'>,
  variables: TVariables,
  { onSuccess, onError }: MutateCallbacks<TData, TError>,
): void {
  mutation.mutateAsync(variables).then(onSuccess, (error: TError) => onError?.(error));
}

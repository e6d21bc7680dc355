import { lazy, Suspense, useEffect, useState } from 'react';
import type { ReminderFormModalProps } from './reminder-form-modal.tsx';

// The form (date-time picker, vet list, pet search) is not needed until a vet asks for it.
const ReminderFormModal = lazy(() =>
  import('./reminder-form-modal.tsx').then((module) => ({ default: module.ReminderFormModal })),
);

/** The reminder form, downloaded the first time it opens and kept mounted after (for its closing animation). */
export function LazyReminderFormModal(props: ReminderFormModalProps) {
  const [loaded, setLoaded] = useState(props.opened);
  useEffect(() => {
    if (props.opened) setLoaded(true);
  }, [props.opened]);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <ReminderFormModal {...props} />
    </Suspense>
  );
}

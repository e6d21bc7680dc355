import { Notifications } from '@mantine/notifications';

/** Where toasts show; loaded with the first one (see `Toasts` in app.tsx). */
export function ToastContainer() {
  return <Notifications position="top-right" zIndex={1000} />;
}

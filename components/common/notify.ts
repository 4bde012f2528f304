import type { ToastContent, ToastOptions } from 'react-toastify';

type Toastify = typeof import('react-toastify');
type Kind = 'success' | 'error' | 'info';

let loading: Promise<Toastify> | undefined;

/** react-toastify, loaded with the first message (it is not needed to render any page). */
function loadToastify(): Promise<Toastify> {
  loading ??= import('react-toastify').catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

function show(kind: Kind, content: ToastContent, options?: ToastOptions): void {
  // A message shown before the container has mounted waits in react-toastify's queue.
  loadToastify().then(
    ({ toast }) => toast[kind](content, options),
    (err: unknown) => console.error('Could not show a message:', err),
  );
}

/**
 * Toast messages (SPEC §9: bottom-left, 3000 ms, set on the container in AppShell). Components call
 * these instead of react-toastify's `toast`, so that the library loads only when it is needed.
 */
export const notify = {
  success: (content: ToastContent, options?: ToastOptions): void => show('success', content, options),
  error: (content: ToastContent, options?: ToastOptions): void => show('error', content, options),
  info: (content: ToastContent, options?: ToastOptions): void => show('info', content, options),
  /** Close a message shown with a `toastId`. */
  dismiss: (toastId: string): void => {
    loadToastify().then(
      ({ toast }) => toast.dismiss(toastId),
      (err: unknown) => console.error('Could not close a message:', err),
    );
  },
};

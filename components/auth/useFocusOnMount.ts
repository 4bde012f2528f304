import { useEffect, useRef } from 'react';

/** A ref whose element receives focus when the component mounts (the first field of a form). */
export function useFocusOnMount<T extends HTMLElement>(enabled = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (enabled) ref.current?.focus();
  }, [enabled]);
  return ref;
}

/** Focus `ref`'s element whenever `trigger` becomes truthy (an error alert that just appeared). */
export function useFocusWhen<T extends HTMLElement>(trigger: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (trigger) ref.current?.focus();
  }, [trigger]);
  return ref;
}

import { useEffect, useRef, useState } from 'react';

interface LoadAnnouncerProps {
  /** The resource's load status, as the stores keep it. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** What to say once a load has finished, e.g. "Holdings loaded: 5 stocks." */
  loaded: string;
}

/**
 * A polite live region that is always in the page and says when a load has ended (issue 16):
 * a spinner's "Loading…" disappears silently, so screen-reader users would not learn that the
 * data has arrived. A failure is not repeated here: the error box is an alert of its own.
 */
export default function LoadAnnouncer({ status, loaded }: LoadAnnouncerProps) {
  const [message, setMessage] = useState('');
  const previous = useRef(status);
  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    if (was === 'loading' && status === 'ready') setMessage(loaded);
  }, [status, loaded]);
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {message}
    </div>
  );
}

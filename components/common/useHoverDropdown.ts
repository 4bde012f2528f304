import { useCallback, useRef, useState, type FocusEvent, type MouseEvent } from 'react';
import { BREAKPOINTS } from '@/lib/constants';

/** SPEC §9: dropdowns open on hover from the large breakpoint up. */
export const HOVER_MEDIA_QUERY = `(min-width: ${BREAKPOINTS.lg}px)`;

export function hoverEnabled(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(HOVER_MEDIA_QUERY).matches
  );
}

/**
 * Props for a react-bootstrap Dropdown/NavDropdown that opens on hover at lg and up and by click or
 * keyboard everywhere. Leaving with the mouse does not close it while someone is typing in it
 * (the login form); tabbing out of it closes it.
 */
export function useHoverDropdown() {
  const [show, setShow] = useState(false);
  // A menu that hover just opened must not close when the same person then clicks its toggle.
  const openedByHover = useRef(false);

  const onMouseEnter = useCallback(() => {
    if (!hoverEnabled()) return;
    openedByHover.current = true;
    setShow(true);
  }, []);
  const onMouseLeave = useCallback((event: MouseEvent<HTMLElement>) => {
    if (!hoverEnabled()) return;
    const active = document.activeElement;
    const typingInside = Boolean(
      active && event.currentTarget.contains(active) && active.matches('input, textarea, select'),
    );
    if (!typingInside) {
      openedByHover.current = false;
      setShow(false);
    }
  }, []);
  const onToggle = useCallback((next: boolean, meta?: { source?: string }) => {
    if (!next && meta?.source === 'click' && openedByHover.current) {
      openedByHover.current = false;
      return;
    }
    openedByHover.current = false;
    setShow(next);
  }, []);
  const onBlur = useCallback((event: FocusEvent<HTMLElement>) => {
    if (event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget))
      setShow(false);
  }, []);

  return { show, setShow, onMouseEnter, onMouseLeave, onToggle, onBlur };
}

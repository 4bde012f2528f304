import { BREAKPOINTS } from '@/lib/constants';

/** SPEC §9: dropdowns open on hover from the large breakpoint up (MenuButton's `openOnHover`). */
export const HOVER_MEDIA_QUERY = `(min-width: ${BREAKPOINTS.lg}px)`;

/** Whether the screen is wide enough for hover menus (false on the server and without matchMedia). */
export function hoverEnabled(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(HOVER_MEDIA_QUERY).matches
  );
}

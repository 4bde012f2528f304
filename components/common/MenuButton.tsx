import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import Link from 'next/link';
import { hoverEnabled } from './hoverMenus';

/**
 * A disclosure menu for the top bar (a toggle button and a list of actions), styled with
 * Bootstrap's dropdown classes and positioned by CSS (`data-bs-popper="static"`, as Bootstrap does
 * in navbars). It replaces react-bootstrap's Dropdown in the signed-in header, whose positioning
 * engine (Popper) would otherwise be part of every signed-in page's first load.
 *
 * Keyboard: Enter, Space or ArrowDown on the toggle opens the menu and focuses the first item
 * (ArrowUp the last); ArrowUp/ArrowDown/Home/End move between items; Escape closes and returns to
 * the toggle; Tab or a click outside closes. Choosing an item closes the menu unless it says
 * `keepOpen`.
 *
 * `openOnHover` (SPEC §9, the public top bar): from the large breakpoint up the mouse opens it on
 * entering and closes it on leaving (not while someone types in it); a click on the toggle right
 * after the hover opened it keeps it open. Inside a text field of the menu (the login form) the
 * arrow, Home and End keys stay the field's.
 */

const MenuContext = createContext<{ close(): void }>({ close: () => undefined });

const ITEM_SELECTOR = '.dropdown-item:not(:disabled):not(.disabled)';

export interface MenuButtonProps {
  /** The toggle's id (the menu is labelled by it). */
  id: string;
  /** The toggle's content. */
  toggle: ReactNode;
  toggleClassName?: string;
  /** The toggle's accessible name when its content is not text (e.g. initials). */
  toggleLabel?: string;
  className?: string;
  menuClassName?: string;
  /** Align the menu with the toggle's end edge (the top bar's right-hand menus). */
  alignEnd?: boolean;
  /** Open on mouse hover from the large breakpoint up (SPEC §9). */
  openOnHover?: boolean;
  onOpenChange?(open: boolean): void;
  children: ReactNode;
}

export default function MenuButton({
  id,
  toggle,
  toggleClassName = '',
  toggleLabel,
  className = '',
  menuClassName = '',
  alignEnd = false,
  openOnHover = false,
  onOpenChange,
  children,
}: MenuButtonProps) {
  const menuId = `${useId()}-menu`;
  const [open, setOpenState] = useState(false);
  /** A menu the mouse just opened must not close when the same person then clicks its toggle. */
  const openedByHover = useRef(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  /** Which item to focus once the menu has opened (keyboard opening only). */
  const focusOnOpen = useRef<'first' | 'last' | null>(null);

  const setOpen = useCallback(
    (next: boolean) => {
      if (!next) openedByHover.current = false;
      setOpenState(next);
      onOpenChange?.(next);
    },
    [onOpenChange],
  );
  const close = useCallback(() => setOpen(false), [setOpen]);

  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? [])];

  useEffect(() => {
    if (!open) return;
    const target = focusOnOpen.current;
    focusOnOpen.current = null;
    if (target) {
      const all = items();
      (target === 'first' ? all[0] : all[all.length - 1])?.focus();
    }
    const onPointerDown = (event: PointerEvent | globalThis.MouseEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) close();
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open, close]);

  const onToggleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusOnOpen.current = event.key === 'ArrowDown' ? 'first' : 'last';
      if (open) {
        const all = items();
        (event.key === 'ArrowDown' ? all[0] : all[all.length - 1])?.focus();
        focusOnOpen.current = null;
      } else setOpen(true);
    } else if ((event.key === 'Enter' || event.key === ' ') && !open) {
      // Opened from the keyboard: the first item gets the focus (the click handler opens it).
      focusOnOpen.current = 'first';
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const inField = event.target instanceof HTMLElement && event.target.matches('input, textarea, select');
    if (inField && event.key !== 'Escape') return;
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    let next: HTMLElement | undefined;
    if (event.key === 'ArrowDown') next = all[(at + 1) % all.length];
    else if (event.key === 'ArrowUp') next = all[(at - 1 + all.length) % all.length];
    else if (event.key === 'Home') next = all[0];
    else if (event.key === 'End') next = all[all.length - 1];
    else if (event.key === 'Escape') {
      event.preventDefault();
      close();
      toggleRef.current?.focus();
      return;
    } else return;
    event.preventDefault();
    next?.focus();
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    // Tabbing out of the menu closes it.
    if (event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) close();
  };

  const onMouseEnter = () => {
    if (!openOnHover || !hoverEnabled() || open) return;
    openedByHover.current = true;
    setOpen(true);
  };
  const onMouseLeave = () => {
    if (!openOnHover || !hoverEnabled() || !open) return;
    const active = document.activeElement;
    const typingInside = Boolean(
      active && rootRef.current?.contains(active) && active.matches('input, textarea, select'),
    );
    if (!typingInside) setOpen(false);
  };
  const onToggleClick = () => {
    if (open && openedByHover.current) {
      openedByHover.current = false; // the click that follows the hover: keep it open
      return;
    }
    openedByHover.current = false;
    setOpen(!open);
  };

  return (
    <div
      ref={rootRef}
      className={`dropdown ${className}`.trim()}
      onBlur={onBlur}
      onMouseEnter={openOnHover ? onMouseEnter : undefined}
      onMouseLeave={openOnHover ? onMouseLeave : undefined}
    >
      <button
        ref={toggleRef}
        type="button"
        id={id}
        className={`dropdown-toggle ${toggleClassName}${open ? ' show' : ''}`.trim()}
        aria-expanded={open}
        aria-haspopup="true"
        aria-controls={open ? menuId : undefined}
        aria-label={toggleLabel}
        onClick={onToggleClick}
        onKeyDown={onToggleKeyDown}
      >
        {toggle}
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          className={`dropdown-menu show${alignEnd ? ' dropdown-menu-end' : ''} ${menuClassName}`.trim()}
          data-bs-popper="static"
          aria-labelledby={id}
          onKeyDown={onMenuKeyDown}
        >
          <MenuContext.Provider value={{ close }}>{children}</MenuContext.Provider>
        </div>
      )}
    </div>
  );
}

/** Closes the menu it is rendered in (e.g. a form in the menu once it is done). */
export function useMenuClose(): () => void {
  return useContext(MenuContext).close;
}

interface MenuItemBaseProps {
  className?: string;
  active?: boolean;
  children: ReactNode;
}

/** An action in the menu; closes it unless `keepOpen` (e.g. a toggle for a submenu). */
export function MenuItem({
  className = '',
  active = false,
  keepOpen = false,
  onClick,
  ...rest
}: MenuItemBaseProps & {
  keepOpen?: boolean;
  onClick?(event: MouseEvent<HTMLButtonElement>): void;
  lang?: string;
  'aria-current'?: 'true';
  'aria-expanded'?: boolean;
  'aria-controls'?: string;
}) {
  const { close } = useContext(MenuContext);
  return (
    <button
      type="button"
      className={`dropdown-item${active ? ' active' : ''} ${className}`.trim()}
      onClick={(event) => {
        onClick?.(event);
        if (!keepOpen) close();
      }}
      {...rest}
    />
  );
}

/** A link in the menu; following it closes the menu. */
export function MenuLink({
  href,
  className = '',
  active = false,
  children,
}: {
  href: string;
  className?: string;
  /** The current page: marked active and `aria-current="page"`. */
  active?: boolean;
  children: ReactNode;
}) {
  const { close } = useContext(MenuContext);
  return (
    <Link
      href={href}
      className={`dropdown-item${active ? ' active' : ''} ${className}`.trim()}
      aria-current={active ? 'page' : undefined}
      onClick={close}
    >
      {children}
    </Link>
  );
}

export function MenuHeader({ className = '', children }: { className?: string; children: ReactNode }) {
  return <div className={`dropdown-header ${className}`.trim()}>{children}</div>;
}

export function MenuDivider() {
  return <hr className="dropdown-divider" />;
}

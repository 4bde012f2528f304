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
  onOpenChange,
  children,
}: MenuButtonProps) {
  const menuId = `${useId()}-menu`;
  const [open, setOpenState] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  /** Which item to focus once the menu has opened (keyboard opening only). */
  const focusOnOpen = useRef<'first' | 'last' | null>(null);

  const setOpen = useCallback(
    (next: boolean) => {
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

  return (
    <div ref={rootRef} className={`dropdown ${className}`.trim()} onBlur={onBlur}>
      <button
        ref={toggleRef}
        type="button"
        id={id}
        className={`dropdown-toggle ${toggleClassName}${open ? ' show' : ''}`.trim()}
        aria-expanded={open}
        aria-haspopup="true"
        aria-controls={open ? menuId : undefined}
        aria-label={toggleLabel}
        onClick={() => setOpen(!open)}
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
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  const { close } = useContext(MenuContext);
  return (
    <Link href={href} className={`dropdown-item ${className}`.trim()} onClick={close}>
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

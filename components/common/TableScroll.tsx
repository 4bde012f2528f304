import type { ReactNode } from 'react';

interface TableScrollProps {
  /**
   * What the table is (its caption). With a label the box is a named, focusable region, so that a
   * keyboard can scroll it with the arrow keys; needed when the table has nothing focusable inside.
   */
  label?: string;
  /** Keep the first column (what each row is about) in view while the table scrolls sideways. */
  stickyFirstColumn?: boolean;
  children: ReactNode;
}

/** The box a wide table scrolls in, inside its card and never the page (issue 16). */
export default function TableScroll({ label, stickyFirstColumn = false, children }: TableScrollProps) {
  return (
    <div
      className={`table-responsive tv-table-scroll${stickyFirstColumn ? ' tv-sticky-first-wrap' : ''}`}
      {...(label ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    >
      {children}
    </div>
  );
}

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'next-i18next/pages';

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

/**
 * The box a wide table scrolls in, inside its card and never the page (issue 16). When the table is
 * wider than the box and not scrolled to its end, a cue says that more columns are to the side
 * (issue 25: wide tables hid columns with no cue on a phone).
 */
export default function TableScroll({ label, stickyFirstColumn = false, children }: TableScrollProps) {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);

  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const check = () => setMore(box.scrollWidth - box.clientWidth - Math.abs(box.scrollLeft) > 2);
    check();
    box.addEventListener('scroll', check, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(check);
    observer?.observe(box);
    return () => {
      box.removeEventListener('scroll', check);
      observer?.disconnect();
    };
  }, []);

  return (
    <>
      <div
        ref={ref}
        className={`table-responsive tv-table-scroll${stickyFirstColumn ? ' tv-sticky-first-wrap' : ''}`}
        {...(label ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
      >
        {children}
      </div>
      {more && (
        <p className="tv-scroll-cue small text-body-secondary text-end mb-1" aria-hidden="true">
          {t('table.scrollCue')}
        </p>
      )}
    </>
  );
}

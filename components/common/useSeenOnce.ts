import { useEffect, useState, type RefObject } from 'react';

/**
 * True from the first time the element comes within `margin` of the viewport (then it stays true):
 * a chart below the fold is loaded and drawn when the reader scrolls towards it, not while the
 * page loads (chart.js's evaluation and first drawing were a good part of /portfolio's blocking
 * time; issue 26). The margin is small on purpose: /portfolio's charts start some 1,180 px down, and
 * with 300 px they were mounted during the load of a 940 px high desktop window. Where
 * IntersectionObserver is missing (old browsers, jsdom) it is true at once.
 */
export function useSeenOnce(ref: RefObject<Element | null>, margin = '100px'): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, seen]);
  return seen;
}

import { useEffect, useState } from 'react';

/**
 * True once the element has come into the window, and from then on. The booking panel (calendar,
 * date library, its requests) costs a phone about 400 ms of main thread (issue 17): below the fold
 * it loads only when the visitor scrolls to it, or when the phone's booking bar brings it into view.
 * Without IntersectionObserver (old browsers, tests in jsdom) it is true at once.
 */
export function useInView<T extends Element>(): { ref: (element: T | null) => void; inView: boolean } {
  const [inView, setInView] = useState(false);
  const [element, setElement] = useState<T | null>(null);

  useEffect(() => {
    if (inView || !element) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setInView(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, inView]);

  return { ref: setElement, inView };
}

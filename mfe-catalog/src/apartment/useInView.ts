import { useEffect, useState } from 'react';

/**
 * True once the element has come into (or near) the window, and from then on. The booking panel (calendar,
 * date library, its requests) costs a phone about 400 ms of main thread (issue 17): below the fold
 * it loads only when the visitor scrolls to it, or when the phone's booking bar brings it into view.
 * Without IntersectionObserver (old browsers, tests in jsdom) it is true at once.
 */
/**
 * How far below the window the place may still be. On the two-column layout (≥ 960 px, as
 * apartment.css) the panel belongs to the first screen: a notice above the page (the email
 * reminder) must not leave it unloaded just under the fold. On a phone it waits for the visitor.
 */
export function nearWindow(): string {
  return typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 960px)').matches ? '0px 0px 200px 0px' : '0px';
}

export function useInView<T extends Element>(): { ref: (element: T | null) => void; inView: boolean } {
  const [inView, setInView] = useState(false);
  const [element, setElement] = useState<T | null>(null);

  useEffect(() => {
    if (inView || !element) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setInView(true);
      },
      { rootMargin: nearWindow() },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, inView]);

  return { ref: setElement, inView };
}

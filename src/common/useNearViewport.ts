/**
 * Whether an element has come near the window (within `margin` pixels of it), staying true once
 * it has: a part of a page below the fold loads its code only when the reader scrolls towards it.
 * Where the browser cannot tell (no IntersectionObserver), it is near at once. A part that stands
 * below something still loading is mounted once that is whole (while the page above it is empty it
 * is near the window, and would load what the finished page leaves below the fold).
 */
import { useEffect, useState, type RefObject } from 'react';

export function useNearViewport(ref: RefObject<Element | null>, margin = 400): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}

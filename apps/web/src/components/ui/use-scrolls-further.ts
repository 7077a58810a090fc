import { useEffect, useRef, useState } from 'react';

/**
 * Whether a box scrolling sideways has more to show on its right (columns cut off): measured on
 * scroll and whenever the box or its content changes size. A table uses it to show that it scrolls.
 */
export function useScrollsFurther<Element extends HTMLElement>() {
  const ref = useRef<Element>(null);
  const [scrollsFurther, setScrollsFurther] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return undefined;
    const measure = () => {
      const isRtl = getComputedStyle(box).direction === 'rtl';
      const hidden = box.scrollWidth - box.clientWidth - Math.abs(box.scrollLeft);
      setScrollsFurther(!isRtl && hidden > 1);
    };
    measure();
    box.addEventListener('scroll', measure, { passive: true });
    // jsdom and very old browsers have no ResizeObserver: the scroll listener still measures.
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : undefined;
    observer?.observe(box);
    if (box.firstElementChild) observer?.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, []);
  return [ref, scrollsFurther] as const;
}

"use client";

/**
 * Scrolls `element` into the window by the least distance, below the sticky site header (which
 * scrollIntoView does not allow for), unless it is wholly in view already; one taller than the
 * room there shows its top. Instant with reduced motion.
 */
export function bringIntoView(element: HTMLElement | null): void {
  if (!element) return;
  const box = element.getBoundingClientRect();
  const top = document.querySelector(".site-header")?.getBoundingClientRect().bottom ?? 0;
  const bottom = window.innerHeight;
  if (box.top >= top && box.bottom <= bottom) return;
  const by = box.top < top || box.height > bottom - top ? box.top - top - 8 : box.bottom - bottom + 8;
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollBy({ top: by, behavior: reduced ? "auto" : "smooth" });
}

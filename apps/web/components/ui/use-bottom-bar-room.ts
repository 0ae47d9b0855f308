"use client";
import { useEffect, type RefObject } from "react";

/**
 * Leaves room at the foot of the page for a bar fixed to the bottom of the window (the pack
 * page's Open bar on a phone): while the bar is fixed, its height is --bottom-bar on the root,
 * which the body's bottom padding and the page's scroll padding read (app/globals.css). So the
 * footer's last link can scroll clear of it, and whatever is scrolled into view (a focused
 * control, the reels) stops above it rather than behind it.
 */
export function useBottomBarRoom(bar: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const measure = () => {
      const fixed = getComputedStyle(element).position === "fixed";
      root.style.setProperty("--bottom-bar", fixed ? `${Math.ceil(element.getBoundingClientRect().height)}px` : "0px");
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // Crossing the breakpoint fixes or frees the bar, which need not change its size.
    window.addEventListener("resize", measure);
    measure();
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
      root.style.removeProperty("--bottom-bar");
    };
  }, [bar]);
}

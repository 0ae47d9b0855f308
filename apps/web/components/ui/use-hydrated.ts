"use client";
import { useSyncExternalStore } from "react";

const subscribeNever = () => () => {};

/**
 * False in the server's HTML and while React hydrates it, true from then on. A form the server
 * rendered is live before its handlers are: a submit then is the browser's own, and text typed
 * then never reaches React's state.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

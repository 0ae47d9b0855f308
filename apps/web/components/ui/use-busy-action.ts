"use client";
import { useState } from "react";

/**
 * One action at a time with its outcome: `busy` while `run`'s work is in flight, `error` what it
 * threw (cleared when the next one starts).
 */
export function useBusyAction() {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  async function run(work: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, run };
}

"use client";
import { useHydrated } from "./use-hydrated";

/** "2026-11-23T12:05:09.000Z" → "2026-11-23 12:05 UTC": the same on server and client, so hydration matches. */
function formatUtc(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/**
 * A timestamp in the reader's own time zone. The server does not know that zone, so the first
 * render (server and hydration) shows UTC and the browser then switches to local time.
 */
export function LocalTime({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  const text = hydrated ? new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : formatUtc(iso);
  return (
    <time dateTime={iso} title={iso}>
      {text}
    </time>
  );
}

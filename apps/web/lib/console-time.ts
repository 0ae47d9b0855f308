// Plain functions, no "use client": the console's server pages and its client tables both use them.

/** A moment as the console lists it: UTC, to the minute ("2026-11-25 02:30"). */
export const consoleTime = (iso: string) => iso.replace("T", " ").slice(0, 16);

/** How long something has waited at `now`, in whole hours, or days from two days on. */
export function waitedFor(iso: string, now: number): string {
  const hours = Math.max(0, Math.floor((now - Date.parse(iso)) / 3_600_000));
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} d`;
}

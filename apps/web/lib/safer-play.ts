// Plain words for the limits and breaks of Safer play, shared by its page, the pack page's
// refusals and the wallet's offer (no "use client": server pages use them too).

export const SAFER_PLAY_PATH = "/settings/safer-play";
/** The Safer play page's form for a limit, with the deposit kind chosen: the deposit-limit links. */
export const DEPOSIT_LIMIT_PATH = `${SAFER_PLAY_PATH}?limit=deposit#set-limit`;

/**
 * What the Safer play page says of each of its parts: its sections, and the dialog that shows the
 * page before a first wager, say it in the same words.
 */
export const SAFER_PLAY_TEXT = {
  intro: "Limits, breaks and reminders that keep play within what you decide, on this site and every API key.",
  limits:
    "A new or lower limit applies at once. A higher limit, or removing one, waits 24 hours and then needs your confirmation here within 7 days; until then the current limit holds. Each limit counts over a rolling window and binds this site and every API key alike.",
  realityCheck:
    "While you play on this site, a reminder shows how long you have played in this session and your net result (what you won minus what you paid). Opening waits until you have read it.",
  breaks:
    "A time-out (24 hours to 6 weeks) or a self-exclusion (6 months or more) starts at once and pauses opening packs and deposits on this site and every API key. Nobody can end it early: not you, not our support. Selling items and withdrawing keep working, so your money and goods stay yours.",
} as const;

export const LIMIT_KIND_LABELS: Record<string, { name: string; counts: string }> = {
  deposit: { name: "Deposit", counts: "what you deposit" },
  wager: { name: "Wager", counts: "what you pay for openings" },
  loss: { name: "Loss", counts: "what you pay for openings minus what the items you win are worth" },
};

export const LIMIT_PERIOD_LABELS: Record<string, { per: string; window: string }> = {
  day: { per: "a day", window: "the last 24 hours" },
  week: { per: "a week", window: "the last 7 days" },
  month: { per: "a month", window: "the last 30 days" },
};

/** "loss limit a day": how a limit is named in sentences. */
export function limitName(kind: string, period: string): string {
  return `${(LIMIT_KIND_LABELS[kind]?.name ?? kind).toLowerCase()} limit ${LIMIT_PERIOD_LABELS[period]?.per ?? `a ${period}`}`;
}

export const TIMEOUT_OPTIONS = [
  { period: "24h", label: "24 hours" },
  { period: "7d", label: "7 days" },
  { period: "30d", label: "30 days" },
  { period: "6w", label: "6 weeks" },
] as const;

export const SELF_EXCLUSION_OPTIONS = [
  { period: "6m", label: "6 months" },
  { period: "1y", label: "1 year" },
  { period: "5y", label: "5 years" },
  { period: "permanent", label: "Permanently" },
] as const;

export function exclusionPeriodLabel(period: string): string {
  return [...TIMEOUT_OPTIONS, ...SELF_EXCLUSION_OPTIONS].find((option) => option.period === period)?.label ?? period;
}

/** "1 h 05 min", "12 min": a length of time played. */
export function playedTime(milliseconds: number): string {
  const minutes = Math.max(0, Math.floor(milliseconds / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${String(minutes % 60).padStart(2, "0")} min` : `${minutes} min`;
}

/**
 * @upstash/ratelimit's sliding window counts in windows aligned to the epoch and weighs the
 * previous window by the share of it still in view, rounded down, so a burst that straddles a
 * window edge can get one request past the limit. Tests that count a limit exactly call this
 * first, so that their burst falls inside one window.
 */
export async function awayFromWindowEdge({ windowSeconds, neededSeconds }: { windowSeconds: number; neededSeconds: number }): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const leftMs = windowMs - (Date.now() % windowMs);
  if (leftMs < neededSeconds * 1000) await new Promise((resolve) => setTimeout(resolve, leftMs + 100));
}

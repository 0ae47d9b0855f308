import { AppError } from "@prizepacks/core";

/** What a refused stream is told to wait: slots come back as soon as a stream closes. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Open streams per holder (an API key, a client address) in this process, at most `max` each.
 * `take` checks and counts in one synchronous step, so callers that take a slot before their
 * first await cannot all pass the cap in a burst. The release it returns counts once however
 * often it is called: a stream has several ways to end (the client leaves, an error, the server
 * closes it) and each of them releases without knowing whether another already did.
 */
export class StreamSlots {
  private readonly held = new Map<string, number>();

  constructor(
    private readonly max: number,
    /** The 429's message, e.g. "At most 5 event streams per key at once". */
    private readonly refusal: string,
  ) {}

  /** Takes a slot for `holder`; returns its release, or throws RATE_LIMITED when all are taken. */
  take(holder: string): () => void {
    const count = this.held.get(holder) ?? 0;
    if (count >= this.max) throw new AppError("RATE_LIMITED", this.refusal, { retryAfterSeconds: RETRY_AFTER_SECONDS });
    this.held.set(holder, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.held.get(holder) ?? 1) - 1;
      if (left > 0) this.held.set(holder, left);
      else this.held.delete(holder); // a map of every address ever seen would only grow
    };
  }

  /** Slots `holder` holds now. */
  heldBy(holder: string): number {
    return this.held.get(holder) ?? 0;
  }
}

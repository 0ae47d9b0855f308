/** What every store answers; in a file of its own so limiter.ts and the stores do not import each other. */
export interface LimitResult {
  success: boolean;
  limit: number;
  remaining: number;
  /** Epoch milliseconds when the window frees up. */
  reset: number;
  /** With success: names this counted request for giveBack. */
  token?: string | undefined;
}

export interface Limiter {
  take(identifier: string): Promise<LimitResult>;
  /** Un-counts one request that take admitted (its token), e.g. a sign-in that did not fail. */
  giveBack(identifier: string, token: string): Promise<void>;
}

import { AppError } from "../errors.ts";

/** How long a request may wait for its account's turn before it gets a 503. */
export const ACCOUNT_TURN_WAIT_MS = 4_000;

interface Turns {
  busy: boolean;
  waiting: Array<() => void>;
}

/**
 * One money-moving request per account at a time in this process: openings (openPack takes
 * the turn itself, its draw depends on it) and the other mutations (the tRPC middleware takes
 * it for them), all in one queue per account, in arrival order. They would queue on the
 * account's wallet row anyway; queueing here instead keeps the waiting out of the database
 * pool, so one account hammering a locked wallet holds at most one connection and every
 * other account keeps its speed. Bounded: a request not admitted in time gets a 503.
 * Services.turns is the process's one gate.
 */
export class AccountGate {
  private readonly turns = new Map<string, Turns>();

  constructor(private readonly waitMs = ACCOUNT_TURN_WAIT_MS) {}

  async run<T>(accountId: string, work: () => Promise<T>): Promise<T> {
    await this.enter(accountId);
    try {
      return await work();
    } finally {
      this.leave(accountId);
    }
  }

  private enter(accountId: string): Promise<void> {
    const turns = this.turns.get(accountId);
    if (!turns) {
      this.turns.set(accountId, { busy: true, waiting: [] });
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const admit = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        turns.waiting.splice(turns.waiting.indexOf(admit), 1);
        reject(
          new AppError("UNAVAILABLE", "This account's previous requests are still being processed; try again shortly.", {
            retryAfterSeconds: 1,
          }),
        );
      }, this.waitMs);
      turns.waiting.push(admit);
    });
  }

  private leave(accountId: string): void {
    const turns = this.turns.get(accountId);
    const next = turns?.waiting.shift();
    if (next) next();
    else this.turns.delete(accountId);
  }
}

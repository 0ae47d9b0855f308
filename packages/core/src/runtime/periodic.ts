import { logger } from "@prizepacks/db/log";
import type { BackgroundJob } from "./background-job.ts";
import type { Deps } from "./deps.ts";

export interface Periodic {
  /** The logger's component name, e.g. "withdrawals". */
  log: string;
  /** What a failure's log line says, e.g. "payout pass failed, retrying". */
  failure: string;
  everyMs: number;
  /** One pass; `stopping` aborts once the job is stopped or its database closes. */
  pass: (stopping: AbortSignal) => Promise<unknown>;
  /** Log only the first of consecutive failures: a poller whose dependency is down fails on every tick. */
  quietRepeats?: boolean;
}

export interface PeriodicJob extends BackgroundJob {
  /** Starts a pass now, or (while one runs) once more when it ends. */
  runSoon(): void;
}

/**
 * Runs `pass` every `everyMs` until `stop` is called or the database closes, one pass at a time:
 * a tick that finds a pass still running is skipped. The timer keeps no process alive, a failed
 * pass is logged and waits for the next tick, and `stop` resolves once the running pass has ended.
 */
export function startPeriodic(services: Deps, periodic: Periodic): PeriodicJob {
  const stopping = new AbortController();
  let running: Promise<void> | null = null;
  let again = false;
  let failing = false;
  const run = async () => {
    do {
      again = false;
      try {
        await periodic.pass(stopping.signal);
        failing = false;
      } catch (error) {
        if (!failing || !periodic.quietRepeats) logger(periodic.log).error({ err: error }, periodic.failure);
        failing = true;
      }
    } while (again && !stopping.signal.aborted);
    running = null;
  };
  const tick = () => {
    if (!running && !stopping.signal.aborted) running = run();
  };
  const timer = setInterval(tick, periodic.everyMs);
  timer.unref();
  const halt = () => {
    clearInterval(timer);
    stopping.abort();
  };
  services.database.onClose(halt);
  return {
    runSoon() {
      if (running) again = true;
      else tick();
    },
    async stop() {
      halt();
      await running;
    },
  };
}

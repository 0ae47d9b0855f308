import { logger } from "@prizepacks/db/log";
import type { BackgroundJob } from "../runtime/background-job.ts";
import type { Services } from "../runtime/services.ts";

/** Runs `pass` every `everyMs`, one pass at a time, until stopped or the database closes (as the other jobs do). */
export function startPeriodic(services: Services, name: string, everyMs: number, pass: () => Promise<unknown>): BackgroundJob {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= pass()
      .then(() => undefined)
      .catch((error: unknown) => logger("battles").error({ err: error }, `${name} pass failed`))
      .finally(() => (running = null));
  }, everyMs);
  timer.unref();
  services.database.onClose(() => clearInterval(timer));
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

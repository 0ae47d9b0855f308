// --only translog: HTTP opens with the transparency log on against the same opens with it off
// (#40: on ÷ off ≥ 0.95), in turns. "Off" disables the trigger that queues each opening in its
// own transaction (spin_transparency), so the opening writes no queue row and the appender has
// nothing to append; before each "off" turn the queue is drained, so the appender's work of the
// "on" turn does not spill into it. The self-check before payment (verifyOpening) runs in both:
// it is not the log's, and it cannot be turned off without a flag in the product. Afterwards the
// trigger is on again and the openings of the "off" turns are queued, so the log and the books
// agree for the audit that ends the run.
import type { Database } from "@prizepacks/db";
import { httpPhase, measureInTurns, type Figures, type LoadSpec, type Phase } from "./load.ts";
import { log } from "./log.ts";
import { CONNECTIONS, targets } from "./options.ts";

export interface TranslogFigures {
  on: Figures;
  off: Figures;
  /** Queued but not appended: the bench holds the log's row, so every instance's appender skips (where the cost is). */
  queuedOnly: Figures;
}

const QUEUE_DRAIN_MS = 60_000;

async function queued(database: Database): Promise<number> {
  const [row] = await database.sql.query<{ n: string }>(`SELECT count(*)::text AS n FROM transparency_entry WHERE "leafIndex" IS NULL`);
  return Number(row?.n ?? 0);
}

/** Waits (bounded) until the server's appender has logged everything queued. */
async function drained(database: Database): Promise<void> {
  const until = Date.now() + QUEUE_DRAIN_MS;
  while ((await queued(database)) > 0) {
    if (Date.now() > until) throw new Error(`the transparency queue did not drain in ${QUEUE_DRAIN_MS / 1000} s: is the appender running?`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const setTrigger = (database: Database, on: boolean) =>
  database.sql.query(`ALTER TABLE spin ${on ? "ENABLE" : "DISABLE"} TRIGGER spin_transparency`);

export async function measureTranslog(database: Database, base: string, open: LoadSpec, packs: number): Promise<TranslogFigures> {
  const label = `POST /v1/packs/{slug}/open, ${CONNECTIONS} accounts over ${packs} packs`;
  const inner = httpPhase(label, base, open);
  const on: Phase = {
    label: `${label}, log on`,
    run: async (seconds) => {
      await setTrigger(database, true);
      return inner.run(seconds);
    },
  };
  const off: Phase = {
    label: `${label}, log off`,
    run: async (seconds) => {
      await drained(database);
      await setTrigger(database, false);
      return inner.run(seconds);
    },
  };
  const queuedOnly: Phase = {
    label: `${label}, log queued, appender held off`,
    run: async (seconds) => {
      await setTrigger(database, true);
      // The appender takes this row FOR UPDATE SKIP LOCKED: while the bench holds it, every pass skips.
      return database.sql.transaction(async (tx) => {
        await tx.query(`SELECT id FROM transparency_log WHERE id = 1 FOR UPDATE`);
        return inner.run(seconds);
      });
    },
  };
  try {
    const [onFigures, offFigures, queuedFigures] = await measureInTurns([on, off, queuedOnly]);
    return { on: onFigures!, off: offFigures!, queuedOnly: queuedFigures! };
  } finally {
    await setTrigger(database, true);
    // The openings made with the log off, queued now (in the order they were made) and logged by the appender.
    const [row] = await database.sql.query<{ n: string }>(
      `WITH missing AS (
         INSERT INTO transparency_entry (kind, "subjectId", "createdAt")
         SELECT 'open', s.id, s."createdAt" FROM spin s
         WHERE NOT EXISTS (SELECT 1 FROM transparency_entry e WHERE e.kind = 'open' AND e."subjectId" = s.id)
         ORDER BY s."createdAt", s.id
         RETURNING 1)
       SELECT count(*)::text AS n FROM missing`,
    );
    log(`translog: ${row?.n ?? 0} openings of the "off" turns queued for the log afterwards`);
    await drained(database);
  }
}

export function translogRows(t: TranslogFigures): Array<{ measure: string; value: string; target: string; met: boolean | null }> {
  const value = t.off.perSecond === 0 ? 0 : Math.round((t.on.perSecond / t.off.perSecond) * 100) / 100;
  return [
    {
      measure: "HTTP opens with the transparency log on ÷ off (in turns)",
      value: String(value),
      target: `≥ ${targets.logOnVsOff}`,
      met: value >= targets.logOnVsOff,
    },
    {
      measure: "HTTP opens with the log queued but not appended ÷ off (the queue's trigger alone)",
      value: String(t.off.perSecond === 0 ? 0 : Math.round((t.queuedOnly.perSecond / t.off.perSecond) * 100) / 100),
      target: "report",
      met: null,
    },
  ];
}

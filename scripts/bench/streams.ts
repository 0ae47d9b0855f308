// Openings with account event streams held open, and with a webhook endpoint per account.
import { randomUUID } from "node:crypto";
import { createServer as createHttpServer, get as httpGet, type ClientRequest } from "node:http";
import type { AddressInfo } from "node:net";
import type { Database } from "@prizepacks/db";
import { load, type LoadSpec, type Phase } from "./load.ts";
import { log } from "./log.ts";
import { CONNECTIONS, STREAMS } from "./options.ts";

/**
 * Opens while STREAMS account event streams are held open on the opening accounts (each
 * open's events reach several streams) and each account has a webhook endpoint on a loopback
 * receiver: what the open path pays for streams and webhooks. Deliveries are left to drain
 * after each turn, so the next phase does not pay for this one's backlog.
 */
export function withStreamsPhase(
  database: Database,
  base: string,
  spec: LoadSpec,
  users: Array<{ userId: string; apiKey: string }>,
  { webhooks }: { webhooks: boolean },
): Phase & { close: () => Promise<void> } {
  let receiver: { url: string; received: () => number; close: () => Promise<void> } | null = null;
  return {
    /** Stops the webhook receiver: a listening server would keep the bench from exiting. */
    close: async () => receiver?.close(),
    label: `open, ${CONNECTIONS} accounts over all packs, ${STREAMS} event streams${webhooks ? " + a webhook per account" : ""}`,
    run: async (seconds) => {
      if (!webhooks) {
        const streams = await Promise.all(
          Array.from({ length: STREAMS }, (_, i) => openEventStream(base, users[i % users.length]!.apiKey)),
        );
        try {
          return await load(base, spec, seconds);
        } finally {
          log(`  streams received ${streams.reduce((sum, stream) => sum + stream.events(), 0)} events`);
          for (const stream of streams) stream.close();
        }
      }
      if (!receiver) {
        receiver = await webhookReceiver();
        for (const user of users) {
          await database.sql.query(
            `INSERT INTO webhook_endpoint (id, "userId", url, secret, "eventTypes", enabled) VALUES ($1, $2, $3, 'whsec_bench', ARRAY['open.completed','wallet.changed'], false)`,
            [randomUUID(), user.userId, receiver.url],
          );
        }
      }
      // Registered only for this phase's turns: the other phases' openings queue no deliveries.
      await database.sql.query(`UPDATE webhook_endpoint SET enabled = true WHERE url = $1`, [receiver.url]);
      const streams = await Promise.all(Array.from({ length: STREAMS }, (_, i) => openEventStream(base, users[i % users.length]!.apiKey)));
      try {
        return await load(base, spec, seconds);
      } finally {
        const events = streams.reduce((sum, stream) => sum + stream.events(), 0);
        for (const stream of streams) stream.close();
        const drainStarted = Date.now();
        let pending = 0;
        do {
          if (pending) await new Promise((r) => setTimeout(r, 250));
          const [row] = await database.sql.query<{ pending: number }>(
            `SELECT count(*)::int AS pending FROM webhook_delivery WHERE status = 'pending'`,
          );
          pending = row?.pending ?? 0;
        } while (pending > 0 && Date.now() - drainStarted < 120_000);
        await database.sql.query(`UPDATE webhook_endpoint SET enabled = false WHERE url = $1`, [receiver.url]);
        // The deliveries' dead rows are cleaned now, not by an autovacuum in the next phase's turn
        // (seen: the opens measured right after this phase at p99 317 ms against 92 ms).
        await database.sql.exec("VACUUM ANALYZE webhook_delivery, account_event");
        // And their WAL is written out now, not by a checkpoint in the middle of the next turn.
        await database.sql.exec("CHECKPOINT").catch(() => undefined);
        log(
          `  streams received ${events} events; webhooks delivered ${receiver.received()} in all, ${pending} pending (drained in ${Math.round((Date.now() - drainStarted) / 100) / 10} s)`,
        );
      }
    },
  };
}

function openEventStream(base: string, apiKey: string): Promise<{ events: () => number; close: () => void }> {
  return new Promise((resolve, reject) => {
    let events = 0;
    const request: ClientRequest = httpGet(
      `${base}/v1/events`,
      { headers: { authorization: `Bearer ${apiKey}` }, agent: false },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`GET /v1/events: ${response.statusCode}`));
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (events += chunk.split("\nevent: ").length - 1));
        response.on("error", () => undefined);
        resolve({ events: () => events, close: () => request.destroy() });
      },
    );
    request.on("error", reject);
  });
}

function webhookReceiver(): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = createHttpServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received++;
      res.writeHead(204).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
        received: () => received,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

import type { Services } from "@prizepacks/core/server";
import { battlesByIds, listBattles, type Battle } from "@prizepacks/core";
import { logger } from "@prizepacks/db/log";
import { clientAddress } from "../client-address.ts";
import { assertRateLimit } from "../rate-limit/limiter.ts";
import type { StreamSlots } from "../stream-slots.ts";
import { MAX_BUFFERED_BYTES, sseFrame, type EventStream } from "./event-stream.ts";
import { serveStream, type StreamHost, type StreamRequestHandler } from "./serve-stream.ts";

/**
 * GET /v1/battles/lobby: the public lobby, no key, limited and counted like the drop feed (per
 * address, its `slots`). First the open battles and the latest settled ones, then every battle
 * as it changes (joined, locked, settled, cancelled), as `event: battle` with the battle as
 * anyone sees it.
 */
export function battleLobbyHandler(host: StreamHost, slots: StreamSlots): StreamRequestHandler {
  const { services } = host;
  const lobby = new LobbyFeed(services);
  return async (req, res) => {
    const address = clientAddress(req);
    await serveStream(req, res, host, {
      kind: "battles",
      slots,
      holder: address,
      async setUp() {
        const limits = await assertRateLimit({ policy: "drops", identifier: `ip:${address}` });
        const [openBattles, settled] = await Promise.all([
          listBattles(services, null, { status: "open" }),
          listBattles(services, null, { status: "settled" }),
        ]);
        await lobby.start();
        return {
          limits,
          join(stream) {
            stream.write([...settled.slice(0, 10).reverse(), ...openBattles.reverse()].map(battleFrame).join(""));
            return lobby.add(stream);
          },
        };
      },
    });
  };
}

const battleFrame = (battle: Battle) => sseFrame(`${battle.id}:${battle.status}`, "battle", battle);

/** The public battle lobby of this instance: each changed battle read once and serialized once for every viewer. */
class LobbyFeed {
  private readonly viewers = new Set<EventStream>();
  private started: Promise<void> | undefined;
  private sending = Promise.resolve();

  constructor(private readonly services: Services) {}

  start(): Promise<void> {
    if (!this.started) {
      this.started = this.services.events().then((hub) => {
        hub.watchBattles((ids) => {
          // One batch after the other: a battle's later state never shows before its earlier one.
          if (this.viewers.size > 0) this.sending = this.sending.then(() => this.send(ids));
        });
      });
      this.started.catch(() => (this.started = undefined));
    }
    return this.started;
  }

  add(stream: EventStream): () => void {
    this.viewers.add(stream);
    return () => this.viewers.delete(stream);
  }

  private async send(ids: string[]): Promise<void> {
    let battles: Battle[];
    try {
      battles = await battlesByIds(this.services, null, ids);
    } catch (error) {
      // A live lobby: a change missed while the database cannot be read shows with the battle's next one.
      logger("battles").warn({ err: error }, "could not read changed battles for the lobby");
      return;
    }
    const frames = Buffer.from(battles.map(battleFrame).join(""));
    if (frames.length > 0) for (const stream of this.viewers) if (stream.buffered() <= MAX_BUFFERED_BYTES) stream.write(frames);
  }
}

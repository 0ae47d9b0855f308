import type { IncomingMessage, ServerResponse } from "node:http";
import { openStreams, type StreamKind } from "../metrics.ts";

export const HEARTBEAT_MS = 15_000;
/** Streams written per turn of the event loop by a heartbeat or a drop batch. */
export const WRITE_SLICE = 500;
/** A client that reads slower than this much unsent data is dropped (events) or skipped ahead (drops). */
export const MAX_BUFFERED_BYTES = 256 * 1024;

export type EventStream = ReturnType<typeof openStream>;

export function sseFrame(id: string, event: string, data: unknown): string {
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function openStream(req: IncomingMessage, res: ServerResponse, kind: StreamKind, extraHeaders: object) {
  res.writeHead(200, {
    ...extraHeaders,
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    // Proxies that buffer responses (nginx) would hold events back.
    "x-accel-buffering": "no",
    connection: "keep-alive",
  });
  res.write("retry: 3000\n\n");
  req.socket.setKeepAlive(true);
  req.socket.setNoDelay(true);
  let closed = false;
  openStreams.inc({ kind });
  const closeHandlers: Array<() => void> = [];
  let onBeat: (() => void) | undefined;
  let lastWriteAt = Date.now();
  const close = () => {
    if (closed) return;
    closed = true;
    openStreams.dec({ kind });
    for (const handler of closeHandlers) handler();
    res.end();
  };
  req.on("close", close);
  res.on("error", close);
  return {
    get closed() {
      return closed;
    },
    /** Writes SSE frames; false when the client has fallen too far behind. */
    write(frames: string | Buffer): boolean {
      if (closed) return false;
      // What one tick writes to an account's stream (an opening's two events) leaves in one packet.
      if (kind === "events" && !res.writableCorked) {
        res.cork();
        process.nextTick(() => res.uncork());
      }
      res.write(frames);
      lastWriteAt = Date.now();
      return res.writableLength <= MAX_BUFFERED_BYTES;
    },
    /**
     * The shared heartbeat's tick: a comment that keeps proxies from timing out a stream that
     * was quiet since the last tick, and the stream's own check.
     */
    beat(comment: Buffer) {
      if (closed) return;
      if (Date.now() - lastWriteAt >= HEARTBEAT_MS / 2) res.write(comment);
      onBeat?.();
    },
    onBeat(handler: () => void) {
      onBeat = handler;
    },
    buffered: () => res.writableLength,
    /** Whether what was written went out to the client within `timeoutMs` (a closed stream has nothing left to send). */
    drained(timeoutMs: number): Promise<boolean> {
      if (res.writableLength === 0 || closed) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const done = (drained: boolean) => {
          clearTimeout(timer);
          res.off("drain", onDrain);
          res.off("close", onDrain);
          resolve(drained);
        };
        const onDrain = () => done(true);
        const timer = setTimeout(() => done(false), timeoutMs);
        res.once("drain", onDrain);
        res.once("close", onDrain);
      });
    },
    onClose(handler: () => void) {
      closeHandlers.push(handler);
    },
    close,
    /** Ends the stream, telling the client to reconnect (with its Last-Event-ID) after `retryMs`. */
    endWithRetry(retryMs: number) {
      if (closed) return;
      res.write(`retry: ${retryMs}\n\n`);
      close();
    },
  };
}

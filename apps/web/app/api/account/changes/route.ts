import { errorAsResponse } from "@prizepacks/api/http-error";
import { StreamSlots } from "@prizepacks/api/stream-slots";
import { findActingUserId } from "@prizepacks/auth";
import { AppError } from "@prizepacks/core";
import { services } from "../../../../lib/database";

export const dynamic = "force-dynamic";

/** Tabs one signed-in account may hold this stream in, on this instance. */
const MAX_TABS = 10;
const HEARTBEAT_MS = 15_000;
const slots = new StreamSlots(MAX_TABS, `At most ${MAX_TABS} open tabs follow an account at once; close one first.`);
const encoder = new TextEncoder();

/**
 * The signed-in browser's own change feed: one `changed` event whenever the account records an
 * event (an opening, a sale, a deposit or admin credit, a key revoked), from any channel (this
 * tab, another tab, the REST API, the console). It carries no data: the page reads what it
 * shows through its usual queries. GET /v1/events is the same feed for API keys, with the
 * events themselves and replay; a header badge needs neither.
 */
export async function GET(request: Request): Promise<Response> {
  let release = () => {};
  let unwatch = () => {};
  try {
    const userId = await findActingUserId(await services(), request.headers);
    if (!userId) throw new AppError("UNAUTHORIZED", "Sign in to follow your account.");
    release = slots.take(userId);
    const hub = await (await services()).events();
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    const stop = () => {
      clearInterval(heartbeat);
      unwatch();
      release();
    };
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const send = (text: string) => {
          try {
            controller.enqueue(encoder.encode(text));
          } catch {
            stop(); // the stream is closed already
          }
        };
        send("retry: 5000\n: connected\n\n");
        unwatch = hub.watchAccount(userId, () => send("event: changed\ndata: {}\n\n"));
        heartbeat = setInterval(() => send(": heartbeat\n\n"), HEARTBEAT_MS);
        request.signal.addEventListener("abort", () => {
          stop();
          try {
            controller.close();
          } catch {
            // closed already
          }
        });
      },
      cancel: stop,
    });
    return new Response(body, {
      headers: {
        "content-type": "text/event-stream; charset=utf-8",
        // no-transform: a compressing layer would hold the events back until its buffer fills.
        "cache-control": "no-cache, no-store, no-transform",
        "x-accel-buffering": "no",
      },
    });
  } catch (error) {
    unwatch();
    release();
    return errorAsResponse(error, { rest: false });
  }
}

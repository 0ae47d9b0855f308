import { connect } from "node:net";

/** A server-sent event as a client reads it. */
export interface SseEvent {
  id?: string;
  event: string;
  data: any;
}

/**
 * Opens a stream and collects its events until `until` says enough or `timeoutMs` passes.
 * Returns the events and the response (for status and headers); the stream is closed after.
 */
export async function readStream(
  url: string,
  {
    headers = {},
    until,
    timeoutMs = 5_000,
  }: { headers?: Record<string, string>; until: (events: SseEvent[]) => boolean; timeoutMs?: number },
  meanwhile?: () => Promise<unknown>,
): Promise<{ status: number; headers: Headers; events: SseEvent[]; body?: unknown }> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  if (response.status !== 200) return { status: response.status, headers: response.headers, events: [], body: await response.json() };
  const events: SseEvent[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const reading = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = { event: "message", data: undefined };
          let data = "";
          for (const line of block.split("\n")) {
            if (line.startsWith("id: ")) event.id = line.slice(4);
            else if (line.startsWith("event: ")) event.event = line.slice(7);
            else if (line.startsWith("data: ")) data += line.slice(6);
          }
          if (!data) continue; // comments (heartbeats) and the retry hint
          event.data = JSON.parse(data);
          events.push(event);
          if (until(events)) return controller.abort();
        }
      }
    } catch {
      // aborted: enough events, or the timeout
    }
  })();
  await meanwhile?.();
  await reading;
  clearTimeout(timer);
  return { status: 200, headers: response.headers, events };
}

/**
 * Connects `times` times, one after another, each time sending the request and destroying the
 * socket at once: the server sees a request whose client is gone while it is still setting it up.
 */
export async function abortedConnects(baseUrl: string, pathname: string, headers: Record<string, string>, times: number): Promise<void> {
  const { hostname, port } = new URL(baseUrl);
  const head = [
    `GET ${pathname} HTTP/1.1`,
    `host: ${hostname}:${port}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ].join("\r\n");
  for (let i = 0; i < times; i++) {
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => {
        socket.write(`${head}\r\n\r\n`);
        socket.destroy();
      });
      socket.once("close", () => resolve());
      socket.once("error", reject);
    });
  }
}

export interface HeldStream {
  status: number;
  headers: Headers;
  /** The JSON error of a refusal. */
  body?: unknown;
  /** Disconnects (nothing for a refusal). */
  close: () => void;
}

/** Opens a stream without reading it and holds it open until `close`; a refusal is read whole. */
export async function holdStream(url: string, headers: Record<string, string> = {}): Promise<HeldStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  if (response.status === 200) return { status: 200, headers: response.headers, close: () => controller.abort() };
  return { status: response.status, headers: response.headers, body: await response.json(), close: () => {} };
}

/**
 * holdStream, retrying a 429 for up to a second: a client's disconnect reaches the server a
 * moment after the client has let go, and its slot comes back only then.
 */
export async function holdStreamWithinOneSecond(url: string, headers: Record<string, string> = {}): Promise<HeldStream> {
  const deadline = Date.now() + 1_000;
  for (;;) {
    const held = await holdStream(url, headers);
    if (held.status !== 429 || Date.now() > deadline) return held;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A server-sent event as a client reads it. */
export interface SseEvent {
  id?: string;
  event: string;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * Opens a stream and collects its events until `until` says enough or `timeoutMs` passes.
 * Returns the events and the response (for status and headers); the stream is closed after.
 */
export async function readStream(
  url: string,
  { headers = {}, until, timeoutMs = 5_000 }: { headers?: Record<string, string>; until: (events: SseEvent[]) => boolean; timeoutMs?: number },
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

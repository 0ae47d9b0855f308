// GET /v1/events is server-sent events: "id:", "event:" and "data:" lines, a blank line ends an
// event, lines starting with ":" are heartbeats. Enough of the format for a bot, with fetch.

export interface ServerSentEvent {
  id: string | undefined;
  event: string;
  data: string;
}

export async function* readServerSentEvents(response: Response): AsyncGenerator<ServerSentEvent> {
  if (!response.body) return;
  const decoder = new TextDecoder();
  let buffer = "";
  let current: { id?: string; event?: string; data: string[] } = { data: [] };
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let newline: number;
    while ((newline = buffer.indexOf("\n")) !== -1) {
      const line = buffer.slice(0, newline).replace(/\r$/, "");
      buffer = buffer.slice(newline + 1);
      if (line === "") {
        if (current.data.length > 0) yield { id: current.id, event: current.event ?? "message", data: current.data.join("\n") };
        current = { data: [] };
        continue;
      }
      if (line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "id") current.id = value;
      else if (field === "event") current.event = value;
      else if (field === "data") current.data.push(value);
    }
  }
}

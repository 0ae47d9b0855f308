import pg from "pg";

export interface ChangeHandlers {
  onMessage(payload: string): void;
  /** LISTEN is in place: from now on no committed change goes unheard. */
  onListening(): void;
  /** The connection is gone (or not back yet): changes may be missed until onListening comes again. */
  onLost(): void;
}

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;

/**
 * Every channel this process listens on, over one connection of its own (pooled ones come and
 * go), reconnecting with backoff. One connection means one reconnect logic and one moment of
 * deafness: when it is lost, every subscriber is told (onLost), and when it listens again on
 * all of their channels, every subscriber is told (onListening).
 */
export class PgListener {
  private readonly subscribers = new Map<string, Set<ChangeHandlers>>();
  /** The connection, from its first connect attempt until it is lost. */
  private client: pg.Client | undefined;
  /** Channels LISTENed on `client`. */
  private readonly listened = new Set<string>();
  /** `client` is connected and listens on every subscribed channel. */
  private ready = false;
  private connecting: Promise<void> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryMs = FIRST_RETRY_MS;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly connectTimeoutMs: number,
  ) {}

  /**
   * Subscribes to a channel. Resolves once the subscriber is listening or has been told it is
   * deaf (the connection failed, or waits to reconnect); it is told again either way. Returns stop.
   */
  async listen(channel: string, handlers: ChangeHandlers): Promise<() => Promise<void>> {
    let handlersOfChannel = this.subscribers.get(channel);
    if (!handlersOfChannel) this.subscribers.set(channel, (handlersOfChannel = new Set()));
    handlersOfChannel.add(handlers);
    const stop = () => this.unsubscribe(channel, handlers);
    if (this.closed) {
      handlers.onLost();
      return stop;
    }
    if (this.ready && this.client) {
      const current = this.client;
      try {
        await this.listenOn(current, channel);
      } catch {
        this.lost(current); // tells this subscriber too
        return stop;
      }
      if (this.client === current && this.ready) handlers.onListening();
    } else if (this.connecting) {
      await this.connecting; // its outcome reaches every subscriber, this one included
    } else if (this.retryTimer) {
      handlers.onLost(); // deaf until the pending reconnect succeeds
    } else {
      await this.connect();
    }
    return stop;
  }

  /** Ends the connection; no reconnect follows. */
  async close(): Promise<void> {
    this.closed = true;
    await this.disconnect();
  }

  private connect(): Promise<void> {
    this.retryTimer = undefined;
    const attempt = this.attempt().finally(() => {
      if (this.connecting === attempt) this.connecting = undefined;
    });
    this.connecting = attempt;
    return attempt;
  }

  private async attempt(): Promise<void> {
    const current = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: this.connectTimeoutMs });
    this.client = current;
    this.ready = false;
    this.listened.clear();
    current.on("error", () => this.lost(current));
    current.on("end", () => this.lost(current));
    current.on("notification", (message) => {
      if (message.payload === undefined) return;
      for (const handlers of this.subscribers.get(message.channel) ?? []) handlers.onMessage(message.payload);
    });
    try {
      await current.connect();
      // A channel subscribed while the others are being listened to is listened to as well.
      for (let pending = this.unlistened(); pending.length > 0; pending = this.unlistened()) {
        for (const channel of pending) await this.listenOn(current, channel);
      }
    } catch {
      return this.lost(current);
    }
    if (this.client !== current) return; // lost or stopped meanwhile: whoever did that told everyone
    this.ready = true;
    this.retryMs = FIRST_RETRY_MS;
    for (const handlersOfChannel of this.subscribers.values()) for (const handlers of handlersOfChannel) handlers.onListening();
  }

  private async listenOn(client: pg.Client, channel: string): Promise<void> {
    if (this.listened.has(channel)) return;
    await client.query(`LISTEN ${quoteIdentifier(channel)}`);
    if (this.client === client) this.listened.add(channel);
  }

  private unlistened(): string[] {
    return [...this.subscribers.keys()].filter((channel) => !this.listened.has(channel));
  }

  private lost(current: pg.Client): void {
    if (this.client !== current) return;
    this.client = undefined;
    this.ready = false;
    this.listened.clear();
    current.end().catch(() => undefined);
    for (const handlersOfChannel of this.subscribers.values()) for (const handlers of handlersOfChannel) handlers.onLost();
    if (this.closed || this.subscribers.size === 0) return;
    this.retryTimer = setTimeout(() => void this.connect(), this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
  }

  private async unsubscribe(channel: string, handlers: ChangeHandlers): Promise<void> {
    const handlersOfChannel = this.subscribers.get(channel);
    if (!handlersOfChannel?.delete(handlers) || handlersOfChannel.size > 0) return;
    this.subscribers.delete(channel);
    // The last subscriber gone: no connection is kept for nobody.
    if (this.subscribers.size === 0) return this.disconnect();
    if (this.listened.delete(channel)) await this.client?.query(`UNLISTEN ${quoteIdentifier(channel)}`).catch(() => undefined);
  }

  private async disconnect(): Promise<void> {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const client = this.client;
    this.client = undefined;
    this.ready = false;
    this.listened.clear();
    await client?.end().catch(() => undefined);
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

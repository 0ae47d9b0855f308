import { AsyncLocalStorage } from "node:async_hooks";
import { pino, stdTimeFunctions, type Logger } from "pino";
import pinoPretty from "pino-pretty";
import { logEnv } from "./env.ts";

// The process's one logger (pino): a JSON line per entry on stdout, at LOG_LEVEL, or
// human-readable lines in demo mode. In the lowest package so that every package logs through
// it. Entries written while a request is being served carry its request id (and its account,
// once known), from the request context below.

/** The request being served, as every log line written for it names it. */
export interface RequestContext {
  requestId: string;
  /** The account acting, once authentication found it. */
  accountId?: string;
}

interface LogState {
  pretty: boolean;
  root?: Logger;
  /** The JSON lines' destination, written asynchronously: flushLogs empties it. */
  destination?: ReturnType<typeof pino.destination>;
  /** What every logger writes to (pretty, or the destination). */
  stream?: NonNullable<Parameters<typeof pino>[1]>;
  /** The access log's logger (accessLogger). */
  access?: Logger;
  components: Map<string, Logger>;
  requests: AsyncLocalStorage<RequestContext>;
}

// On globalThis: Next.js loads this module once per route bundle and apps/web/server.ts loads
// its own copy; all must write through one logger and see the request context server.ts set.
const GLOBAL_KEY = Symbol.for("prizepacks.log");

function state(): LogState {
  const g = globalThis as typeof globalThis & { [GLOBAL_KEY]?: LogState };
  g[GLOBAL_KEY] ??= { pretty: false, components: new Map(), requests: new AsyncLocalStorage() };
  return g[GLOBAL_KEY];
}

/**
 * Human-readable lines (demo mode, someone reading a terminal) or JSON lines (anything a log
 * pipeline reads). Called once at start, before anything is logged; the default is JSON.
 */
export function configureLogs({ pretty }: { pretty: boolean }): void {
  const s = state();
  s.pretty = pretty;
  s.root = undefined;
  s.access = undefined;
  s.stream = undefined;
  s.destination = undefined;
  s.components.clear();
}

/** The one stream every logger writes to: pretty lines, or JSON lines through the asynchronous destination. */
function stream(): NonNullable<Parameters<typeof pino>[1]> {
  const s = state();
  s.stream ??= s.pretty
    ? pinoPretty({
        sync: true,
        colorize: Boolean(process.stdout.isTTY),
        translateTime: "SYS:HH:MM:ss.l",
        ignore: "pid,hostname,component",
        messageFormat: "{if component}[{component}] {end}{msg}",
        singleLine: true, // an error's stack still gets lines of its own
      })
    : // Asynchronous: a line is queued and written with the others of the same moment, off the
      // request's path (synchronous writes were 4.6 % of the server's thread per HTTP opening,
      // docs/performance.md "Round three"). A buffer is never held back waiting to fill
      // (minLength 0); flushLogs writes what is queued before a planned exit, and pino flushes
      // it at any other exit.
      (s.destination = pino.destination({ dest: 1, sync: false }));
  return s.stream;
}

/** What every logger's lines carry: the level, an ISO time, and the request being served. */
function common() {
  const s = state();
  return {
    level: logEnv().LOG_LEVEL,
    timestamp: stdTimeFunctions.isoTime,
    mixin() {
      const request = s.requests.getStore();
      if (!request) return {};
      return request.accountId ? { requestId: request.requestId, accountId: request.accountId } : { requestId: request.requestId };
    },
  };
}

function root(): Logger {
  const s = state();
  s.root ??= pino(
    {
      ...common(),
      // Never written on purpose; a credential that slips into a logged object is blanked all the same.
      redact: {
        paths: [
          "apiKey",
          "*.apiKey",
          "authorization",
          "*.authorization",
          "cookie",
          "*.cookie",
          "headers",
          "*.headers",
          // An identity check's review (#37): what a reviewer wrote about a player stays out of logs.
          "moderationComment",
          "*.moderationComment",
          "clientComment",
          "*.clientComment",
          "rejectLabels",
          "*.rejectLabels",
          "reviewResult",
          "*.reviewResult",
        ],
        censor: "[redacted]",
      },
    },
    stream(),
  );
  return s.root;
}

/**
 * The access log's logger (component "http"): one line per request, of fields observeRequests
 * picks (method, route template, status, duration, ids), never a header or a path. It skips the
 * root's redaction, which walked every path over every line (2 % of the server's thread per HTTP
 * opening, docs/performance.md "Round three"), and writes to the same stream.
 */
export function accessLogger(): Logger {
  const s = state();
  s.access ??= pino(common(), stream()).child({ component: "http" });
  return s.access;
}

/**
 * The logger of one part of the service (`component` on every line: "api", "rate-limit",
 * "webhooks", ...). Ask for it where it logs, not at import: the format is set at start.
 * Errors go in `err`, which pino writes with their stack.
 */
export function logger(component: string): Logger {
  const s = state();
  let child = s.components.get(component);
  if (!child) {
    child = root().child({ component });
    s.components.set(component, child);
  }
  return child;
}

/** Writes every queued log line now (synchronously): the end of a drain, right before the process exits. */
export function flushLogs(): void {
  const destination = state().destination;
  if (!destination) return;
  try {
    destination.flushSync();
  } catch {
    // Not open yet (nothing was written) or stdout closed: nothing to flush to.
  }
}

/** Runs `serve` with `request` as the context of every line it logs, across its awaits. */
export function runWithRequest<T>(request: RequestContext, serve: () => T): T {
  return state().requests.run(request, serve);
}

/** The request being served here, if any. */
export function currentRequest(): RequestContext | undefined {
  return state().requests.getStore();
}

/** Names the account acting in the request being served (its log lines and its request line say it from here on). */
export function attributeToAccount(accountId: string): void {
  const request = currentRequest();
  if (request) request.accountId = accountId;
}

import { counter, gauge, histogram } from "@prizepacks/core/metrics";

// The API layer's metrics, on the process's one registry (see @prizepacks/core/metrics). Labels
// stay bounded: pack slugs come from the catalogue ("unknown" for anything else), results from
// the error-code table, policies from the policy table.

export const opens = counter({
  name: "prizepacks_opens_total",
  help: "Pack openings asked for by authenticated callers, by pack slug and result: ok, or the refusal's error code (insufficient_balance, rate_limited, not_found, unavailable, ...).",
  labelNames: ["pack", "result"] as const,
});

export const rateLimitRefusals = counter({
  name: "prizepacks_rate_limit_refusals_total",
  help: "Requests refused with 429 by a rate-limit policy.",
  labelNames: ["policy"] as const,
});

export const rateLimitStoreUp = gauge({
  name: "prizepacks_rate_limit_store_up",
  help: "1 while the rate limiter's Redis (store=redis) or Upstash (store=upstash) answers; absent with the in-memory limiter.",
  labelNames: ["store"] as const,
});

export type StreamKind = "events" | "drops" | "battles";

export const openStreams = gauge({
  name: "prizepacks_sse_streams",
  help: "Server-sent-event streams open on this instance: events (GET /v1/events, per API key) and drops (GET /v1/drops, public).",
  labelNames: ["kind"] as const,
});

export const httpRequestDuration = histogram({
  name: "prizepacks_http_request_duration_seconds",
  help: "HTTP requests by route template (route-template.ts: /v1/packs/{idOrSlug}/open, /packs/[slug], ...), method and status, from the request to the end of its response (an event stream: until it closes).",
  labelNames: ["route", "method", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

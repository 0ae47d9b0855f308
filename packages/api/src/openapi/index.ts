import { generateOpenApiDocument } from "trpc-to-openapi";
import { ErrorResponseSchema, errorCodeStatus, SIGNATURE_HEADER } from "@prizepacks/core";
import { appRouter } from "../root.ts";
import { describeDocument } from "./describe-document.ts";
import { errorResponse, procedureErrorExamples } from "./errors.ts";
import { successExamples } from "./examples.ts";
import { etagHeader, ifNoneMatchParameter, rateLimitHeaders } from "./headers.ts";
import { restProcedures, type ProcedurePath } from "./procedures.ts";
import { streamErrorExamples, streamOperations, type StreamOperationId } from "./streams.ts";
import { webhookOperations } from "./webhooks.ts";

// The generated document is walked and patched as plain JSON; what comes out is checked whole
// (ajv against every example, Redocly's and Spectral's rules, every live response in openapi.e2e).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const tags = [
  { name: "Packs", description: "The catalogue: every active pack, one pack with its odds table, and opening a pack." },
  { name: "Boxes", description: "The Packs operations again under `/v1/boxes`, for clients that call them boxes." },
  { name: "Account", description: "The account the API key belongs to." },
  { name: "Inventory", description: "Items won by opening packs: list them, sell them for their value." },
  { name: "History", description: "The account's openings with every value needed to verify each draw." },
  { name: "Wallet", description: "The balance and the ledger of every change to it." },
  {
    name: "Deposits",
    description: "Money in through the operator's BTCPay Server: an invoice per deposit, credited once when it settles.",
  },
  {
    name: "Withdrawals",
    description:
      "Money out to a confirmed payout destination, made in the web app with the account's second factor only; an API key can list withdrawals and follow their state, never make one.",
  },
  {
    name: "Shipments",
    description: "Delivery of won items: saved addresses, the fee to a country, and shipments from request to delivery.",
  },
  { name: "Fairness", description: "The seed pair behind every draw: its commitments, and rotating it to reveal the server seed." },
  {
    name: "Transparency",
    description:
      "The public, append-only log of every outcome (no key needed): an RFC 9162 Merkle tree of RFC 8785 leaves with Ed25519 signed tree heads, its inclusion and consistency proofs. `npx prizepacks-monitor <base URL>` checks all of it.",
  },
  {
    name: "Battles",
    description:
      "Pack battles: seats open the same packs round by round, the best team total takes every item; provably fair by battle/v1.",
  },
  {
    name: "Upgrades",
    description:
      "Stake held items for a published chance at a pricier one, provably fair by upgrade/v1 on the account's seed pair; bound by safer play like openings.",
  },
  {
    name: "Exchanges",
    description: "Trade held items for shippable items worth at most the stake less the exchange fee; the rest is paid to the wallet.",
  },
  {
    name: "Rewards",
    description:
      "Levels, rakeback and the daily case: cash or free openings with no wagering requirement, each a ledger entry with its source, never offered to an account that asked to stop or is at a limit.",
  },
  {
    name: "Affiliates",
    description:
      "Creator codes: a creator earns a commission on the expected house take of the accounts that entered their code, for a window from each referral; a referred account opens a welcome reward after its first deposit. Referrals are shown as counts only.",
  },
  { name: "Events", description: "Server-sent event streams: the account's events, and the public feed of openings." },
  {
    name: "Webhooks",
    description: `The account's events as signed HTTPS POSTs to endpoints registered in Settings → API (${SIGNATURE_HEADER} header).`,
  },
];

/** The openings, whose body is optional and ignored. */
const OPEN_PROCEDURES = new Set<ProcedurePath>(["packs.open", "boxes.open"]);

/**
 * zod gives every .int() the bounds of a safe integer (±2^53 - 1), which reference UIs show as
 * a value and which say nothing: a bound that is not ours is dropped.
 */
function dropSafeIntegerBounds(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(dropSafeIntegerBounds);
  if (node === null || typeof node !== "object") return;
  const schema = node as Json;
  if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
  if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
  for (const value of Object.values(schema)) dropSafeIntegerBounds(value);
}

/** The OpenAPI document of the REST facade, generated from the router's meta and zod schemas. */
export function buildOpenApiDocument({ baseUrl }: { baseUrl: string }) {
  const document = generateOpenApiDocument(appRouter, {
    title: "prizepacks REST API",
    version: "1.0.0",
    baseUrl,
    description: describeDocument(),
    // The reference served beside the document: where a client's developer starts.
    contact: { name: "prizepacks API support", url: `${baseUrl}/docs` },
    license: { name: "MIT", identifier: "MIT" },
    securitySchemes: {
      bearerAuth: { type: "http", scheme: "bearer", description: "Authorization: Bearer pp_live_..." },
      apiKeyHeader: { type: "apiKey", in: "header", name: "X-Api-Key", description: "X-Api-Key: pp_live_..." },
    },
    defs: { Error: ErrorResponseSchema },
    paths: streamOperations(),
  }) as Json;

  document.tags = tags;
  document.webhooks = webhookOperations();
  // The generator's own error schemas ("error.NOT_FOUND", …) carry tRPC's codes, not ours; the
  // responses below use Error.
  for (const name of Object.keys(document.components.schemas)) if (name.startsWith("error.")) delete document.components.schemas[name];

  const procedures = restProcedures();
  for (const pathItem of Object.values(document.paths as Json)) {
    for (const operation of Object.values(pathItem as Json) as Json[]) {
      const operationId = operation.operationId as string;
      // A procedure's, or else one of the streams documented in streams.ts.
      const procedure = procedures.get(operationId);
      const body = operation.requestBody?.content?.["application/json"];
      // A body whose fields are all optional may be left out (rotate); generators then need no `{}`.
      if (body && !(body.schema?.required?.length > 0)) operation.requestBody.required = false;
      if (procedure && OPEN_PROCEDURES.has(procedure.path)) {
        operation.requestBody = {
          required: false,
          description: "Optional. A JSON object if sent (its fields are ignored); anything else is a 400.",
          content: { "application/json": { schema: { type: "object" }, example: {} } },
        };
      }
      // The generator knows only 200; the REST handler answers the meta's successStatus.
      const successStatus = procedure?.meta.successStatus;
      if (successStatus && operation.responses["200"]) {
        const { 200: success, ...others } = operation.responses as Json;
        operation.responses = { [successStatus]: success, ...others };
      }
      // A public procedure (publicRestMeta, protect: false) needs no key: say so, as the drop feed does.
      if (procedure && procedure.meta.openapi?.protect === false) operation.security = [];
      if (procedure?.meta.conditional) {
        operation.parameters = [...(operation.parameters ?? []), ifNoneMatchParameter];
        operation.responses["200"].headers = { ...(operation.responses["200"].headers ?? {}), ...etagHeader };
      }
      const errorDescriptions = procedure?.meta.openapi?.errorResponses;
      const errorExamples = procedure ? procedureErrorExamples[procedure.path] : streamErrorExamples[operationId as StreamOperationId];
      for (const [status, response] of Object.entries(operation.responses as Json) as Array<[string, Json]>) {
        if (status.startsWith("2")) {
          const success = response;
          success.headers = { ...(success.headers ?? {}), ...rateLimitHeaders };
          const media = success.content?.["application/json"];
          const example = procedure && successExamples[procedure.path];
          if (media && example !== undefined) media.example = example;
          continue;
        }
        // Each operation's own wording, from its meta: trpc-to-openapi keeps one response object
        // per error code for the whole document, so every 404 would read like the first
        // procedure's ("Pack not found or inactive"), a sale's included. A fresh object per
        // operation, too: the generator's is shared by every operation with this code.
        const description =
          (errorDescriptions && !Array.isArray(errorDescriptions) ? errorDescriptions[Number(status)] : undefined) ??
          (response.description as string);
        operation.responses[status] =
          status === "304"
            ? { description, headers: { ...etagHeader, ...rateLimitHeaders } }
            : errorResponse(status, description, errorExamples);
      }
    }
  }
  dropSafeIntegerBounds(document);
  document["x-error-codes"] = errorCodeStatus;
  return document;
}

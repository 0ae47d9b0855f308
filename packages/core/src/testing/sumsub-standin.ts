import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A Sumsub stand-in on loopback for tests, speaking the wire format of the calls we make
// (docs.sumsub.com/reference): create an applicant, get one by id or by externalUserId, make a
// WebSDK access token. Every request's signature is checked here with node:crypto as Sumsub
// documents it (hex HMAC-SHA256 of ts + METHOD + path with query + body, under the app token's
// secret key), written apart from our client's, so the client is checked against the wire
// format and not against itself: unsigned, wrongly signed or stale requests get Sumsub's 401,
// and anything else it does not implement a 501. Webhooks go out as Sumsub sends them: the JSON
// event, X-Payload-Digest = hex HMAC of the raw body under the webhook's secret key, and
// X-Payload-Digest-Alg naming the HMAC.

export type StandinReviewStatus = "init" | "pending" | "completed";

export interface StandinReviewResult {
  reviewAnswer: "GREEN" | "RED";
  reviewRejectType?: "FINAL" | "RETRY";
  rejectLabels?: string[];
  moderationComment?: string;
  clientComment?: string;
}

/** An applicant as GET /resources/applicants/{id}/one shows it (the fields a fresh one has). */
export interface StandinApplicant {
  id: string;
  createdAt: string;
  clientId: string;
  inspectionId: string;
  externalUserId: string;
  levelName: string;
  review: {
    reviewId: string;
    attemptId: string;
    attemptCnt: number;
    levelName: string;
    createDate: string;
    reviewDate?: string;
    reviewStatus: StandinReviewStatus;
    reviewResult?: StandinReviewResult;
  };
  type: "individual";
}

/** An applicant webhook's body. */
export type StandinWebhookEvent = Record<string, unknown> & { type: string; applicantId: string; createdAtMs: string };

export type DigestAlgorithm = "HMAC_SHA1_HEX" | "HMAC_SHA256_HEX" | "HMAC_SHA512_HEX";

export interface SumsubStandin {
  url: string;
  appToken: string;
  secretKey: string;
  webhookSecret: string;
  levelName: string;
  applicants: Map<string, StandinApplicant>;
  /** Every request as "METHOD path?query" with the status it got. */
  requests: Array<{ request: string; status: number }>;
  /** While true every signed request is answered 503. */
  unavailable: boolean;
  /** The applicant of this externalUserId (our user id). */
  applicantFor(externalUserId: string): StandinApplicant;
  /** The player sent their documents: pending. Returns the applicantPending event (not sent). */
  submit(applicantId: string): StandinWebhookEvent;
  /** The review is done. Returns the applicantReviewed event (not sent). */
  review(applicantId: string, result: StandinReviewResult): StandinWebhookEvent;
  /** An operator reset the applicant: back to init. Returns the applicantReset event (not sent). */
  reset(applicantId: string): StandinWebhookEvent;
  /** Posts `event` to `url` signed as Sumsub signs it; `digest` overrides the header (null: none). Resolves to the status. */
  deliver(url: string, event: Record<string, unknown>, options?: { algorithm?: DigestAlgorithm; digest?: string | null }): Promise<number>;
  close(): Promise<void>;
}

/** How far X-App-Access-Ts may be from the stand-in's clock, in seconds. */
export const STANDIN_TIMESTAMP_TOLERANCE_SECONDS = 300;

const HMAC_OF: Record<DigestAlgorithm, string> = { HMAC_SHA1_HEX: "sha1", HMAC_SHA256_HEX: "sha256", HMAC_SHA512_HEX: "sha512" };

const hex = (bytes: number) => randomBytes(bytes).toString("hex");
const pad = (n: number, width = 2) => String(n).padStart(width, "0");
/** Sumsub's "2024-05-01 12:00:00" (UTC), with milliseconds or a zone when asked. */
function sumsubTime(date: Date, { ms = false, zone = false } = {}): string {
  const text = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  return `${text}${ms ? `.${pad(date.getUTCMilliseconds(), 3)}` : ""}${zone ? "+0000" : ""}`;
}

const answer = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { "content-type": "application/json;charset=UTF-8" }).end(JSON.stringify(body));
const refuse = (res: ServerResponse, status: number, description: string) =>
  answer(res, status, { description, code: status, correlationId: hex(16) });

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("end", () => resolve(Buffer.concat(chunks)));
    req.once("error", reject);
  });
}

export async function startSumsubStandin({
  appToken = `sbx:${hex(12)}`,
  secretKey = hex(16),
  webhookSecret = hex(16),
  levelName = "basic-kyc-level",
} = {}): Promise<SumsubStandin> {
  const applicants = new Map<string, StandinApplicant>();
  const requests: SumsubStandin["requests"] = [];
  const clientId = "prizepacks-test";
  // Webhook times strictly increase, as the events happen one after another.
  let lastEventMs = 0;
  const eventTime = () => new Date((lastEventMs = Math.max(Date.now(), lastEventMs + 1)));

  /** Sumsub's check, done here: the token, a fresh timestamp, and the signature over what was sent. */
  function authentication(req: IncomingMessage, body: Buffer): string | null {
    const token = req.headers["x-app-token"];
    const ts = req.headers["x-app-access-ts"];
    const signature = req.headers["x-app-access-sig"];
    if (typeof token !== "string" || typeof ts !== "string" || typeof signature !== "string") return "App token is missing";
    if (token !== appToken) return "App token is invalid";
    if (!/^\d+$/.test(ts) || Math.abs(Number(ts) - Date.now() / 1000) > STANDIN_TIMESTAMP_TOLERANCE_SECONDS)
      return "Request timestamp is out of the allowed range";
    const expected = createHmac("sha256", secretKey)
      .update(Buffer.concat([Buffer.from(`${ts}${req.method ?? ""}${req.url ?? ""}`), body]))
      .digest();
    const given = Buffer.from(/^[0-9a-f]+$/.test(signature) ? signature : "", "hex");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "Request signature mismatch";
    return null;
  }

  const server: Server = createServer((req, res) => void handle(req, res));
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    const url = new URL(req.url ?? "/", "http://standin");
    const respond = (status: number, payload: unknown) => {
      requests.push({ request: `${req.method} ${req.url}`, status });
      answer(res, status, payload);
    };
    const fail = (status: number, description: string) => {
      requests.push({ request: `${req.method} ${req.url}`, status });
      refuse(res, status, description);
    };
    const refused = authentication(req, body);
    if (refused) return fail(401, refused);
    if (standin.unavailable) return fail(503, "Service is temporarily unavailable");
    let json: Record<string, unknown> = {};
    if (body.length > 0) {
      try {
        json = JSON.parse(body.toString("utf8")) as Record<string, unknown>;
      } catch {
        return fail(400, "Malformed JSON");
      }
    }

    if (req.method === "POST" && url.pathname === "/resources/applicants") {
      const level = url.searchParams.get("levelName");
      if (!level) return fail(400, "levelName is required");
      if (level !== levelName) return fail(404, `Level '${level}' not found`);
      const externalUserId = json.externalUserId;
      if (typeof externalUserId !== "string" || !externalUserId) return fail(400, "externalUserId is required");
      const existing = [...applicants.values()].find((a) => a.externalUserId === externalUserId);
      if (existing) return fail(409, `Applicant with external user id '${externalUserId}' already exists: ${existing.id}`);
      const now = new Date();
      const applicant: StandinApplicant = {
        id: hex(12),
        createdAt: sumsubTime(now),
        clientId,
        inspectionId: hex(12),
        externalUserId,
        levelName: level,
        review: {
          reviewId: hex(3),
          attemptId: hex(3),
          attemptCnt: 0,
          levelName: level,
          createDate: sumsubTime(now, { zone: true }),
          reviewStatus: "init",
        },
        type: "individual",
      };
      applicants.set(applicant.id, applicant);
      return respond(200, applicant);
    }
    const one = /^\/resources\/applicants\/([^/]+)\/one$/.exec(url.pathname);
    if (req.method === "GET" && one) {
      const key = decodeURIComponent(one[1]!);
      const byExternal = /^-;externalUserId=(.+)$/.exec(key);
      const applicant = byExternal ? [...applicants.values()].find((a) => a.externalUserId === byExternal[1]) : applicants.get(key);
      if (!applicant) return fail(404, "Applicant not found");
      return respond(200, applicant);
    }
    if (req.method === "POST" && url.pathname === "/resources/accessTokens/sdk") {
      const { userId, levelName: level, ttlInSecs } = json;
      if (typeof userId !== "string" || typeof level !== "string") return fail(400, "userId and levelName are required");
      if (level !== levelName) return fail(404, `Level '${level}' not found`);
      if (ttlInSecs !== undefined && (typeof ttlInSecs !== "number" || ttlInSecs <= 0)) return fail(400, "ttlInSecs must be positive");
      return respond(200, { token: `_act-sbx-${hex(16)}`, userId });
    }
    return fail(501, `Not implemented by the Sumsub stand-in: ${req.method} ${url.pathname}`);
  }

  function event(applicant: StandinApplicant, type: string, at: Date): StandinWebhookEvent {
    return {
      applicantId: applicant.id,
      inspectionId: applicant.inspectionId,
      correlationId: hex(16),
      levelName: applicant.levelName,
      externalUserId: applicant.externalUserId,
      type,
      sandboxMode: true,
      reviewStatus: applicant.review.reviewStatus,
      createdAtMs: sumsubTime(at, { ms: true }),
      clientId,
      ...(applicant.review.reviewResult ? { reviewResult: applicant.review.reviewResult } : {}),
    };
  }

  function applicantOrThrow(applicantId: string): StandinApplicant {
    const applicant = applicants.get(applicantId);
    if (!applicant) throw new Error(`The stand-in has no applicant ${applicantId}`);
    return applicant;
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const standin: SumsubStandin = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    appToken,
    secretKey,
    webhookSecret,
    levelName,
    applicants,
    requests,
    unavailable: false,
    applicantFor(externalUserId) {
      const applicant = [...applicants.values()].find((a) => a.externalUserId === externalUserId);
      if (!applicant) throw new Error(`The stand-in has no applicant for ${externalUserId}`);
      return applicant;
    },
    submit(applicantId) {
      const applicant = applicantOrThrow(applicantId);
      const at = eventTime();
      applicant.review = {
        ...applicant.review,
        attemptCnt: applicant.review.attemptCnt + 1,
        createDate: sumsubTime(at, { zone: true }),
        reviewStatus: "pending",
        reviewResult: undefined,
        reviewDate: undefined,
      };
      return event(applicant, "applicantPending", at);
    },
    review(applicantId, result) {
      const applicant = applicantOrThrow(applicantId);
      const at = eventTime();
      applicant.review = {
        ...applicant.review,
        reviewStatus: "completed",
        reviewResult: result,
        reviewDate: sumsubTime(at, { zone: true }),
      };
      return event(applicant, "applicantReviewed", at);
    },
    reset(applicantId) {
      const applicant = applicantOrThrow(applicantId);
      const at = eventTime();
      applicant.review = {
        ...applicant.review,
        reviewStatus: "init",
        createDate: sumsubTime(at, { zone: true }),
        reviewResult: undefined,
        reviewDate: undefined,
      };
      return event(applicant, "applicantReset", at);
    },
    async deliver(url, payload, { algorithm = "HMAC_SHA256_HEX", digest } = {}) {
      const body = JSON.stringify(payload);
      const signed = createHmac(HMAC_OF[algorithm], webhookSecret).update(body).digest("hex");
      const value = digest === undefined ? signed : digest;
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-payload-digest-alg": algorithm,
          ...(value === null ? {} : { "x-payload-digest": value }),
        },
        body,
      });
      await response.arrayBuffer();
      return response.status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standin;
}

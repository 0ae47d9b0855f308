import { createHmac } from "node:crypto";
import { z } from "zod";

// Sumsub's API (docs.sumsub.com/reference), only the calls and fields we use. Every request is
// signed: X-App-Access-Sig = hex HMAC-SHA256(secret key, ts + METHOD + path with query + body),
// with X-App-Access-Ts in Unix seconds and X-App-Token. Times come as "2020-06-24 05:11:02+0000",
// or without a zone (UTC).

const ReviewResultSchema = z.object({
  reviewAnswer: z.enum(["GREEN", "RED"]),
  reviewRejectType: z.enum(["FINAL", "RETRY"]).optional(),
  rejectLabels: z.array(z.string()).optional(),
  moderationComment: z.string().optional(),
  clientComment: z.string().optional(),
});
export type SumsubReviewResult = z.infer<typeof ReviewResultSchema>;

/** An applicant (GET /resources/applicants/{id}/one); `review` is where its check stands. */
export const ApplicantSchema = z.object({
  id: z.string().min(1),
  createdAt: z.string(),
  externalUserId: z.string().optional(),
  review: z
    .object({
      reviewStatus: z.string(),
      createDate: z.string().optional(),
      reviewDate: z.string().optional(),
      reviewResult: ReviewResultSchema.optional(),
    })
    .optional(),
});
export type Applicant = z.infer<typeof ApplicantSchema>;

export const AccessTokenSchema = z.object({ token: z.string().min(1), userId: z.string() });

/** What every applicant webhook carries (the fields we read). */
export const WebhookEventSchema = z.object({
  type: z.string(),
  applicantId: z.string().min(1).optional(),
  externalUserId: z.string().optional(),
  reviewStatus: z.string().optional(),
  createdAtMs: z.string().optional(),
  createdAt: z.string().optional(),
  reviewResult: ReviewResultSchema.optional(),
});
export type SumsubWebhookEvent = z.infer<typeof WebhookEventSchema>;

/** A Sumsub call that got an answer other than success. */
export class SumsubError extends Error {
  override readonly name = "SumsubError";
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** How long one call may take. */
const REQUEST_TIMEOUT_MS = 10_000;

/** Sumsub's times: "yyyy-MM-dd HH:mm:ss[.SSS][+0000]", UTC when no zone is given. */
export function parseSumsubTime(text: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?)(Z|[+-]\d{2}:?\d{2})?$/.exec(text.trim());
  if (!match) return null;
  const zone = match[3] ? (match[3] === "Z" ? "Z" : `${match[3].slice(0, 3)}:${match[3].slice(-2)}`) : "Z";
  const date = new Date(`${match[1]}T${match[2]}${zone}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The signature of one request, as Sumsub checks it. */
export function signSumsubRequest(secretKey: string, ts: string, method: string, pathWithQuery: string, body: string): string {
  return createHmac("sha256", secretKey)
    .update(ts + method.toUpperCase() + pathWithQuery + body)
    .digest("hex");
}

export class SumsubClient {
  constructor(private readonly config: { url: string; appToken: string; secretKey: string }) {}

  createApplicant(externalUserId: string, levelName: string): Promise<Applicant> {
    return this.call("POST", `/resources/applicants?levelName=${encodeURIComponent(levelName)}`, ApplicantSchema, { externalUserId });
  }

  getApplicant(applicantId: string): Promise<Applicant> {
    return this.call("GET", `/resources/applicants/${encodeURIComponent(applicantId)}/one`, ApplicantSchema);
  }

  getApplicantByExternalUserId(externalUserId: string): Promise<Applicant> {
    return this.call("GET", `/resources/applicants/-;externalUserId=${encodeURIComponent(externalUserId)}/one`, ApplicantSchema);
  }

  createAccessToken(request: { userId: string; levelName: string; ttlInSecs: number }): Promise<z.infer<typeof AccessTokenSchema>> {
    return this.call("POST", "/resources/accessTokens/sdk", AccessTokenSchema, request);
  }

  private async call<T>(method: string, path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    const text = body === undefined ? "" : JSON.stringify(body);
    const ts = String(Math.floor(Date.now() / 1000));
    const response = await fetch(`${this.config.url}${path}`, {
      method,
      headers: {
        accept: "application/json",
        "x-app-token": this.config.appToken,
        "x-app-access-ts": ts,
        "x-app-access-sig": signSumsubRequest(this.config.secretKey, ts, method, path, text),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : text,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const answer = await response.text();
    // Only the status and Sumsub's own description: an applicant's answer carries personal data.
    if (!response.ok)
      throw new SumsubError(response.status, `${method} ${path.split("?")[0]}: HTTP ${response.status} ${errorDescription(answer)}`);
    const parsed = schema.safeParse(JSON.parse(answer));
    if (!parsed.success) throw new SumsubError(response.status, `${method} ${path.split("?")[0]}: unexpected answer`);
    return parsed.data;
  }
}

/** Sumsub's errors are `{ description, code, correlationId }`. */
function errorDescription(text: string): string {
  try {
    const body = JSON.parse(text) as { description?: unknown };
    return typeof body.description === "string" ? body.description.slice(0, 200) : "";
  } catch {
    return "";
  }
}

import { createHmac, timingSafeEqual } from "node:crypto";
import { logger } from "@prizepacks/db/log";
import { AppError } from "../errors.ts";
import {
  parseSumsubTime,
  SumsubClient,
  SumsubError,
  WebhookEventSchema,
  type Applicant,
  type SumsubReviewResult,
} from "./sumsub-client.ts";
import type { SumsubConfig } from "./verification-env.ts";
import type { HeaderReader, VerificationProvider, VerifiedApplicantNotice } from "./verification-provider.ts";
import { reviewedStatus, type ApplicantState } from "./verification-rule.ts";

/** Where Sumsub posts applicant events, under the app's public URL (set in Sumsub's dashboard). */
export const SUMSUB_WEBHOOK_PATH = "/api/kyc/sumsub/webhook";
/** A client told 503 tries again after this long. */
export const SUMSUB_RETRY_AFTER_SECONDS = 10;
/** How long a WebSDK access token lives: the player's session in the check, with room to spare. */
const ACCESS_TOKEN_TTL_SECONDS = 1_800;

/** X-Payload-Digest-Alg's values and the HMAC each names. */
const DIGEST_ALGORITHMS: Record<string, string> = {
  HMAC_SHA1_HEX: "sha1",
  HMAC_SHA256_HEX: "sha256",
  HMAC_SHA512_HEX: "sha512",
};

/** The webhook types that move a check; any other is acknowledged and ignored. */
const HANDLED = new Set(["applicantCreated", "applicantPending", "applicantReviewed", "applicantReset"]);

/** Identity checks through Sumsub: an applicant per account (externalUserId = our user id), the check in its WebSDK. */
export class SumsubProvider implements VerificationProvider {
  readonly name = "sumsub";
  private readonly client: SumsubClient;

  constructor(private readonly config: SumsubConfig) {
    this.client = new SumsubClient(config);
  }

  async createApplicant(userId: string): Promise<ApplicantState> {
    try {
      return applicantState(await this.client.createApplicant(userId, this.config.levelName));
    } catch (error) {
      // 409: it exists (a start whose answer we lost); it is the same account's, so it is found and used.
      if (!(error instanceof SumsubError && error.status === 409)) throw unavailable(error);
    }
    try {
      return await this.fetch(() => this.client.getApplicantByExternalUserId(userId));
    } catch (error) {
      // Said to exist, then not found: Sumsub disagrees with itself; the player tries again later.
      throw error instanceof AppError && error.code === "NOT_FOUND" ? unavailable(error) : error;
    }
  }

  async createAccessToken(userId: string): Promise<string> {
    try {
      const { token } = await this.client.createAccessToken({
        userId,
        levelName: this.config.levelName,
        ttlInSecs: ACCESS_TOKEN_TTL_SECONDS,
      });
      return token;
    } catch (error) {
      throw unavailable(error);
    }
  }

  fetchApplicant(applicantId: string): Promise<ApplicantState> {
    return this.fetch(() => this.client.getApplicant(applicantId));
  }

  private async fetch(get: () => Promise<Applicant>): Promise<ApplicantState> {
    try {
      return applicantState(await get());
    } catch (error) {
      if (error instanceof SumsubError && error.status === 404) throw new AppError("NOT_FOUND", "Sumsub knows no such applicant.");
      throw unavailable(error);
    }
  }

  verifyWebhook(rawBody: Buffer, headers: HeaderReader): VerifiedApplicantNotice {
    const algorithm = DIGEST_ALGORITHMS[(headers.get("x-payload-digest-alg") ?? "").trim()];
    const digest = (headers.get("x-payload-digest") ?? "").trim().toLowerCase();
    if (!algorithm || !/^[0-9a-f]+$/.test(digest)) throw badSignature();
    const expected = createHmac(algorithm, this.config.webhookSecret).update(rawBody).digest();
    const given = Buffer.from(digest, "hex");
    if (given.length !== expected.length || !timingSafeEqual(expected, given)) throw badSignature();
    let event;
    try {
      event = WebhookEventSchema.parse(JSON.parse(rawBody.toString("utf8")));
    } catch {
      throw new AppError("BAD_REQUEST", "The webhook body is not a Sumsub applicant event.");
    }
    if (!HANDLED.has(event.type) || !event.applicantId) return { type: event.type, state: null };
    const at = parseSumsubTime(event.createdAtMs ?? event.createdAt ?? "");
    if (!at) throw new AppError("BAD_REQUEST", "The webhook has no createdAtMs.");
    const result = event.type === "applicantReviewed" ? event.reviewResult : undefined;
    if (event.type === "applicantReviewed" && !result) throw new AppError("BAD_REQUEST", "applicantReviewed without reviewResult.");
    return { type: event.type, state: stateOf(event.applicantId, at, result) };
  }
}

/**
 * A polled applicant: completed with a result is its review, anything else (init, pending,
 * queued, onHold, …) is pending. Its dates have whole seconds where webhooks have milliseconds:
 * a review's is read as the end of its second and a pending one's as the start, so a review in
 * the same second as a pending webhook we hold counts as the later, and a webhook's review in
 * the same second as the applicant's creation too.
 */
function applicantState(applicant: Applicant): ApplicantState {
  const review = applicant.review;
  const result = review?.reviewStatus === "completed" ? review.reviewResult : undefined;
  const text = (result ? review?.reviewDate : undefined) ?? review?.createDate ?? applicant.createdAt;
  const start = parseSumsubTime(text);
  const at = start ? new Date(start.getTime() + (result && !/\.\d/.test(text) ? 999 : 0)) : new Date();
  return stateOf(applicant.id, at, result);
}

function stateOf(applicantId: string, at: Date, result: SumsubReviewResult | undefined): ApplicantState {
  if (!result)
    return {
      applicantId,
      status: "pending",
      reviewAnswer: null,
      rejectType: null,
      rejectLabels: [],
      moderationComment: null,
      clientComment: null,
      at,
    };
  const rejectType = result.reviewAnswer === "RED" ? (result.reviewRejectType ?? null) : null;
  return {
    applicantId,
    status: reviewedStatus(result.reviewAnswer, rejectType),
    reviewAnswer: result.reviewAnswer,
    rejectType,
    rejectLabels: result.rejectLabels ?? [],
    moderationComment: result.moderationComment ?? null,
    clientComment: result.clientComment ?? null,
    at,
  };
}

const unavailable = (error: unknown) => {
  logger("verification").error({ err: error }, "Sumsub refused or did not answer");
  return new AppError("UNAVAILABLE", "Identity checks are unavailable: the provider cannot be reached; try again shortly.", {
    retryAfterSeconds: SUMSUB_RETRY_AFTER_SECONDS,
  });
};

const badSignature = () => new AppError("UNAUTHORIZED", "Missing or invalid X-Payload-Digest.");

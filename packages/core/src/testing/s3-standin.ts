import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// An S3 stand-in on loopback for tests: one bucket, PUT and GET of an object by path-style URL
// (/<bucket>/<key>), each request's AWS Signature Version 4 checked here with node:crypto by the
// algorithm AWS documents (canonical request, string to sign, the derived signing key), written
// apart from aws4fetch's, so that the client we use is checked against the wire format and not
// against itself. Errors are S3's XML; anything else it does not implement is refused, as S3
// refuses what it does not know: 501 NotImplemented.

export interface S3StandinOptions {
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface S3Standin {
  endpoint: string;
  /** The objects, by key. */
  objects: Map<string, { body: Buffer; contentType: string | undefined }>;
  /** Every request as it came, with the status it got. */
  requests: Array<{ method: string; path: string; status: number }>;
  close(): Promise<void>;
}

const sha256Hex = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding of a path as S3 canonicalises it: each segment once, "/" kept. */
const canonicalUri = (path: string) =>
  path
    .split("/")
    .map((segment) =>
      encodeURIComponent(decodeURIComponent(segment)).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`),
    )
    .join("/");

const canonicalQuery = (search: URLSearchParams) =>
  [...search.entries()]
    .map(([key, value]) => [encodeURIComponent(key), encodeURIComponent(value)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join("&");

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

/** Null when the request is signed by the stand-in's key over exactly what arrived; else S3's error code. */
function signatureProblem(request: IncomingMessage, body: Buffer, options: S3StandinOptions): string | null {
  const match = AUTHORIZATION.exec(request.headers.authorization ?? "");
  if (!match) return "AccessDenied";
  const [, accessKeyId, date, region, signedHeaderList, signature] = match as unknown as [string, string, string, string, string, string];
  if (accessKeyId !== options.accessKeyId) return "InvalidAccessKeyId";
  if (region !== options.region) return "AuthorizationHeaderMalformed";
  const amzDate = String(request.headers["x-amz-date"] ?? "");
  if (!amzDate.startsWith(date)) return "AuthorizationHeaderMalformed";
  const signedAt = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"));
  if (!Number.isFinite(signedAt) || Math.abs(Date.now() - signedAt) > 15 * 60_000) return "RequestTimeTooSkewed";
  const signedHeaders = signedHeaderList.split(";");
  if (!signedHeaders.includes("host") || !signedHeaders.includes("x-amz-date")) return "AccessDenied";
  const payloadHash = String(request.headers["x-amz-content-sha256"] ?? "");
  if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256Hex(body)) return "XAmzContentSHA256Mismatch";
  const url = new URL(request.url ?? "/", "http://standin");
  const canonicalRequest = [
    request.method,
    canonicalUri(url.pathname),
    canonicalQuery(url.searchParams),
    ...signedHeaders.map(
      (name) =>
        `${name}:${String(request.headers[name] ?? "")
          .trim()
          .replace(/\s+/g, " ")}`,
    ),
    "",
    signedHeaderList,
    payloadHash,
  ].join("\n");
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonicalRequest)].join("\n");
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${options.secretAccessKey}`, date), region), "s3"), "aws4_request");
  const expected = hmac(signingKey, stringToSign);
  return timingSafeEqual(expected, Buffer.from(signature, "hex")) ? null : "SignatureDoesNotMatch";
}

const errorStatus: Record<string, number> = {
  AccessDenied: 403,
  InvalidAccessKeyId: 403,
  SignatureDoesNotMatch: 403,
  RequestTimeTooSkewed: 403,
  AuthorizationHeaderMalformed: 400,
  XAmzContentSHA256Mismatch: 400,
  NoSuchBucket: 404,
  NoSuchKey: 404,
  NotImplemented: 501,
};

export async function startS3Standin(options: S3StandinOptions): Promise<S3Standin> {
  const objects: S3Standin["objects"] = new Map();
  const requests: S3Standin["requests"] = [];

  const answer = (
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    body: string | Buffer = "",
    headers: Record<string, string> = {},
  ) => {
    requests.push({ method: request.method ?? "", path: request.url ?? "", status });
    response.writeHead(status, headers).end(body);
  };
  const fail = (request: IncomingMessage, response: ServerResponse, code: string) =>
    answer(request, response, errorStatus[code] ?? 400, `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`, {
      "content-type": "application/xml",
    });

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      const problem = signatureProblem(request, body, options);
      if (problem) return fail(request, response, problem);
      const url = new URL(request.url ?? "/", "http://standin");
      const [, bucket, ...keyParts] = url.pathname.split("/");
      if (bucket !== options.bucket) return fail(request, response, "NoSuchBucket");
      const key = keyParts.map(decodeURIComponent).join("/");
      if (!key || url.search) return fail(request, response, "NotImplemented");
      if (request.method === "PUT") {
        objects.set(key, { body, contentType: request.headers["content-type"] });
        return answer(request, response, 200, "", { etag: `"${createHash("md5").update(body).digest("hex")}"` });
      }
      if (request.method === "GET") {
        const object = objects.get(key);
        if (!object) return fail(request, response, "NoSuchKey");
        return answer(request, response, 200, object.body, {
          "content-type": object.contentType ?? "binary/octet-stream",
          "content-length": String(object.body.length),
        });
      }
      return fail(request, response, "NotImplemented");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

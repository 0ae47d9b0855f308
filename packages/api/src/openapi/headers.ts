// The response headers every /v1 operation documents, written once for the procedures' and the streams' operations.

export const rateLimitHeaders = {
  "RateLimit-Limit": {
    description: "Requests allowed in the window (sent once the key is known).",
    schema: { type: "integer", minimum: 1 },
  },
  "RateLimit-Remaining": { description: "Requests left in the window.", schema: { type: "integer", minimum: 0 } },
  "RateLimit-Reset": { description: "Seconds until the window frees up.", schema: { type: "integer", minimum: 0 } },
};
export const retryAfterHeader = {
  "Retry-After": { description: "Seconds to wait before retrying.", schema: { type: "integer", minimum: 0 }, example: 12 },
};
export const challengeHeader = {
  "WWW-Authenticate": {
    description: "How to authenticate: the API key as a bearer token.",
    schema: { type: "string" },
    example: 'Bearer realm="prizepacks"',
  },
};

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

/** A conditional read's (rest.ts sendConditional). */
export const etagHeader = {
  ETag: {
    description: "A strong validator of this answer: send it in If-None-Match to get a 304 while it stays the same.",
    schema: { type: "string" },
  },
};
export const ifNoneMatchParameter = {
  name: "If-None-Match",
  in: "header",
  required: false,
  description: "The ETag of an answer you hold: unchanged, the answer is a 304 with no body, not counted against the rate limit.",
  schema: { type: "string" },
  example: '"3q2-7w2ZKSdNxOn6pRj1v2p6oHn2bxtaxFJ3bYvJcOU"',
};

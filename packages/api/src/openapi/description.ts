// Generated from description.md by packages/api/scripts/write-openapi-description.mjs: edit the .md, then run it.

/** The document's description, its {{placeholders}} filled by describeDocument. */
export const descriptionTemplate = `Open prize packs from bots and integrations. \`/v1/packs\` and \`/v1/boxes\` are the same API under two names. A typed client generated from this document (openapi-typescript + openapi-fetch) drives the whole flow: see \`examples/bot\` in the repository.

## Authentication
Send the API key with every \`/v1\` request as \`Authorization: Bearer <key>\` (recommended) or \`X-Api-Key: <key>\`. Keys look like \`pp_live_\` followed by 40 base62 characters and are created in the web app under Settings → API. A 401 carries \`WWW-Authenticate: Bearer realm="prizepacks"\`. Only \`GET /v1/drops\` needs no key.

## Money
Amounts are exact decimal strings with two decimals (\`"4.99"\`, \`"-4.99"\`), except \`balance\`, \`balanceAfter\` and \`maxItemValue\`, which are JSON numbers (\`95.01\`). Where a balance is also needed exactly, \`balanceString\` carries it as a string.

## Errors and limits
Errors are JSON \`{ message, code, issues?, retryAfter? }\` (\`kind\`, \`period\`, \`resetsAt\`, \`endsAt\` with LIMIT_REACHED and EXCLUDED); \`code\` is one of {{errorCodes}}. When several apply, the first of 401, 403, 429, 404, 400 wins.
Opens are limited to {{openLimit}} per {{openWindowSeconds}} s per key, other calls to {{apiLimit}} per {{apiWindowSeconds}} s per key (the defaults; \`RateLimit-Limit\` says the real one). Responses carry \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` once the key is known, errors included; 429 and 503 carry \`Retry-After\` in seconds.

## Player protection
Spending limits and time-outs bind the account on every channel, API keys included. \`GET /v1/me/limits\` lists the limits (deposit, wager or loss over a rolling day, week or month), what counts against each now, pending raises and any exclusion; \`POST /v1/me/limits\` sets one: lower at once, higher or removed only after 24 h and a confirmation in the web app. An opening that would pass a limit (counting the item won as worth 0) is refused with 403 \`LIMIT_REACHED\`, its \`kind\`, \`period\` and \`resetsAt\` (the earliest moment the same request would pass); during a time-out or self-exclusion openings and deposits answer 403 \`EXCLUDED\` with \`endsAt\` (null: permanent). Reading, selling and withdrawing always work.

## Age
Every account's age is confirmed: a date of birth at sign-up (refused under the operator's minimum age, 18 by default, with 403 \`UNDER_AGE\`), or the operator's word for accounts made with the admin CLI. An account from before the age gate that has not confirmed its date of birth in the web app (Settings → Age) cannot open packs: 403 \`AGE_UNCONFIRMED\`, on every channel. The date of birth is never returned by this API.

## Idempotent opens
\`Idempotency-Key\` on an open: 1 to 255 printable ASCII characters without spaces (0x21-0x7E), e.g. a UUID. A retry with the same key by the same account within {{idempotencyWindowHours}} hours returns the original response and opens nothing.

## Provable fairness
Every opening is drawn from the account's seed pair: a secret server seed, committed by its SHA-256 (\`serverSeedHash\`), a client seed the account may choose, and a nonce counting the pair's openings from 0.
1. \`hash = HMAC-SHA256(key = serverSeed, message = clientSeed + ":" + nonce)\`, as lower-case hex; the seeds are used as UTF-8 text.
2. \`result = floor(parseInt(hash.slice(0, 13), 16) / 2^52 × 100000) + 1\`: the first 13 hex characters are 52 bits, an integer below 2^52, so \`result\` is a ticket from 1 to 100000.
3. The item whose \`[ticketFrom, ticketTo]\` range holds \`result\` wins. The ranges of a pack cover 1..100000 exactly; an item's chance in percent is its ticket count / 1000.
4. The odds table is fixed by \`oddsHash\` = SHA-256 (hex) of its canonical form: the JSON array of \`[itemId, ticketFrom, ticketTo]\` rows ordered by \`ticketFrom\`, without whitespace, e.g. \`[["cmic2x9rq0010pp3kancearbu",1,60],["cmic2x9rq0011pp3ksmartfit",61,773]]\`. Every opening records the \`oddsHash\` and \`oddsVersion\` it used.

\`POST /v1/fairness/rotate\` retires the pair and reveals its server seed: check \`SHA-256(serverSeed) = serverSeedHash\`, then recompute every opening and upgrade of the pair (nonces 0 to \`previous.nonce\` - 1, listed by \`GET /v1/history\`, each with its \`kind\`).

## Upgrades (upgrade/v1)
An upgrade (\`POST /v1/upgrades\`) stakes held items for a chance at a pricier item and takes the pair's next nonce, as an opening does.
1. \`chanceTickets = min(capTickets, floor(100000 × (10000 − edgeBps) × stakeCents / (10000 × targetCents)))\`, in integers; \`edgeBps\` (house edge) and \`capTickets\` (highest chance) are recorded with each upgrade. The target must be worth more than the stake and the chance at least 1000 tickets (1 %).
2. \`hash = HMAC-SHA256(key = serverSeed, message = clientSeed + ":" + nonce + ":upgrade")\`, lower-case hex; \`ticket\` from \`hash\` as an opening's \`result\`.
3. Won iff \`ticket <= chanceTickets\`: the stake's items are \`UPGRADED\` either way, a win adds the target as a new \`HELD\` item.
Test vector: serverSeed \`a3f1c9e2b7d4058f6e1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f70\`, clientSeed \`my-client-seed\`, nonce 1, stake 2500 cents, target 10000 cents, edgeBps 800, capTickets 75000 → chanceTickets 23000, hash \`1e3c6702eb34f4e93d9a51b413ce6581197059cbc4906cc6268446d2d68e842b\`, ticket 11811, won.

## Battles (battle/v1)
{{battleProtocol}}

## Events and webhooks
\`GET /v1/events\` streams the account's events ({{eventTypes}}) as server-sent events; reconnect with \`Last-Event-ID\` within {{eventReplayHours}} hours to get every missed event, in order, none twice. The same events can be delivered as webhooks (see \`webhooks\`), signed with \`{{signatureHeader}}: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>\`.`;

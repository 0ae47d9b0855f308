import Link from "next/link";
import { UPGRADE_TEST_VECTOR as V } from "@prizepacks/fairness";

/** The algorithm in plain words; static, so it renders on the server for everyone. */
export function FairnessExplainer() {
  return (
    <section className="card stack fairness-explainer" aria-labelledby="fairness-how-title">
      <h2 id="fairness-how-title">How a draw works</h2>
      <p>
        Every opening is decided by a number you can recompute yourself. Your account holds a <strong>seed pair</strong>: a secret{" "}
        <strong>server seed</strong>, a <strong>client seed</strong> you may choose, and a <strong>nonce</strong> that counts your openings
        from 0.
      </p>
      <ol className="fairness-steps">
        <li>
          Before you open, we show the <strong>server seed hash</strong> (SHA-256 of the server seed). It commits us to the seed without
          revealing it, so it cannot be changed after you have seen the outcome.
        </li>
        <li>
          Opening number <code>nonce</code> computes
          {/* Scrolls sideways on a phone rather than breaking the alignment: focusable, so keyboards can scroll it. */}
          <pre className="formula" tabIndex={0} role="region" aria-label="The draw formula">
            <code>{`hash   = HMAC-SHA256(key = serverSeed, message = clientSeed + ":" + nonce)   (lower-case hex)
result = floor(parseInt(hash.slice(0, 13), 16) / 2^52 × 100000) + 1        (1 … 100000)`}</code>
          </pre>
        </li>
        <li>
          Each pack splits 100000 tickets between its items: an item with a chance of <em>c</em>% holds <em>c</em> × 1000 tickets in one
          contiguous range. The item whose ticket range holds <code>result</code> wins.
        </li>
        <li>
          When you rotate your seed pair (or change your client seed, which rotates it), the old server seed is <strong>revealed</strong>.
          Hash it and compare with the hash you were shown; recompute every opening made with it.
        </li>
      </ol>
      <h3>Upgrades (upgrade/v1)</h3>
      <p>
        An upgrade takes the next nonce of the same seed pair as your openings. Its chance is exact, in tickets of 100000, from the stake
        and the target in cents, the house edge in basis points and the cap; the roll uses its own message, so it never repeats an
        opening&apos;s hash:
      </p>
      <pre className="formula" tabIndex={0} role="region" aria-label="The upgrade formula">
        <code>{`chanceTickets = min(capTickets, floor(100000 × (10000 − edgeBps) × stakeCents / (10000 × targetCents)))
hash   = HMAC-SHA256(key = serverSeed, message = clientSeed + ":" + nonce + ":upgrade")
ticket = floor(parseInt(hash.slice(0, 13), 16) / 2^52 × 100000) + 1        (1 … 100000)
won    = ticket <= chanceTickets`}</code>
      </pre>
      <p>
        Test vector: server seed <code className="break">{V.serverSeed}</code>, client seed <code>{V.clientSeed}</code>, nonce {V.nonce},
        stake {V.stakeCents} and target {V.targetCents} cents, edge {V.edgeBps}, cap {V.capTickets}: chanceTickets {V.chanceTickets}, hash{" "}
        <code className="break">{V.hash}</code>, ticket {V.ticket}, {V.won ? "won" : "lost"}.
      </p>
      <h3>Odds versions</h3>
      <p>
        A pack&apos;s ticket ranges form its odds table. The <code>oddsHash</code> is the SHA-256 of the JSON of{" "}
        <code>[itemId, ticketFrom, ticketTo]</code> rows ordered by <code>ticketFrom</code>, without spaces. Changing a pack&apos;s items or
        chances creates a new odds version; every opening records the <code>oddsHash</code> and <code>oddsVersion</code> it used, so the
        ranges you check against are the ones that applied.
      </p>
      <h3>For bots</h3>
      <p>
        Everything here is also available over the REST API: <code>GET /v1/fairness</code> for the current pair,{" "}
        <code>POST /v1/fairness/rotate</code> to reveal the server seed, and every opening returns its <code>fairness</code> data. See the{" "}
        <Link href="/docs">API reference</Link>.
      </p>
    </section>
  );
}

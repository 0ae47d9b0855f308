import {
  ticketFromHash,
  upgradeChanceTickets,
  verifyBattle,
  verifyBeaconRound,
  verifyUpgrade,
  type BattleProof,
  type BattleSpec,
} from "@prizepacks/fairness";
import { nodeHashes } from "@prizepacks/fairness/node";
import { moneyToCents } from "../contract/money-cents.ts";
import { battleView, loadBattle } from "../battles/battle-view.ts";
import { Prisma } from "@prizepacks/db/prisma";
import { formatMoney } from "../money.ts";
import { isDemoMode } from "../service-env.ts";
import { creditApprovalAbove, dailyCreditApprovalAbove, LONE_CREDITS_SQL } from "../users/pending-credits.ts";
import type { Deps } from "../runtime/deps.ts";
import { transparencyLogBreaches } from "../transparency/audit-log.ts";
import type { Beacon } from "../battles/beacon/beacon.ts";

export interface AuditBreach {
  rule: string;
  detail: Record<string, unknown>;
}

export interface AuditReport {
  ok: boolean;
  checked: { wallets: number; spins: number; seedPairs: number };
  breaches: AuditBreach[];
  /**
   * Deposits credited as created though their invoice differed (amount, currency) or was paid
   * over: not a breach of the books, but the operator's to settle with the player or BTCPay.
   */
  flaggedDeposits: Array<{ depositId: string; userId: string; invoiceId: string | null; flag: string }>;
  /**
   * Console credits of the last `creditWindowDays` (90 by default) applied without a second admin
   * that took their admin past ADMIN_CREDIT_APPROVAL_ABOVE for one account, or past
   * ADMIN_CREDIT_DAILY_APPROVAL_ABOVE over all accounts, within 24 hours: the books balance, but
   * four eyes were not on them. Each is judged by the thresholds its log entry recorded (those in
   * force when it was applied), or by today's for entries older than that record. A flag to look
   * into, not a breach.
   */
  flaggedCredits: Array<{
    adminLogId: string;
    actor: string;
    userId: string;
    amount: string;
    /** This credit and the same actor's earlier lone credits in the 24 hours before it (to this account, or to all). */
    windowTotal: string;
    above: string;
    window: "account" | "all accounts";
    createdAt: string;
  }>;
  /** The CLI's credits in the same window, summed: it is exempt (the operator at the machine), so they are expected. */
  cliCredits: { count: number; total: string };
  /** The window flaggedCredits and cliCredits cover, in days back from now. */
  creditWindowDays: number;
}

/** The audit looks at this many days of credits unless told otherwise. */
export const AUDIT_CREDIT_WINDOW_DAYS = 90;

/**
 * Checks the money and fairness invariants over the whole database:
 * balance = sum of ledger entries, balances not negative, one inventory item and one debit
 * of the pack price per spin, consecutive nonces 0..n-1 per seed pair, and one sale credit
 * of its value per sold item, and spin counts that neither lose nor double-count an opening;
 * every provider deposit credited once, as created, and only when settled; outside demo mode
 * (`demoMode`), no DEPOSIT without a settled invoice (play money exists only in demo mode);
 * every withdrawal reserved once and given back once exactly when rejected or failed; and the
 * books as a whole: wallets = deposits - withdrawals + adjustments + sales - opening prices - shipping fees kept
 * - battle entries kept; every battle's entries, refunds, payouts and house share balance, and
 * every settled battle re-derives from its published proof (verifyBattle); the transparency log
 * holds every committed outcome, each leaf equal to its row, its heads signed over its tree
 * (transparencyLogBreaches). Besides the breaches,
 * it lists what is the operator's to look at: flagged deposits, and credits applied without a
 * second admin past the approval thresholds (flaggedCredits).
 */
export async function auditInvariants(
  services: Deps & { beacon: Beacon },
  { demoMode = isDemoMode(), creditWindowDays = AUDIT_CREDIT_WINDOW_DAYS }: { demoMode?: boolean; creditWindowDays?: number } = {},
): Promise<AuditReport> {
  const db = services.database.prisma;
  const breaches: AuditBreach[] = [];
  const add = (rule: string, rows: Array<Record<string, unknown>>) => {
    for (const detail of rows)
      breaches.push({
        rule,
        detail: JSON.parse(JSON.stringify(detail, (_k, v: unknown) => (typeof v === "bigint" ? Number(v) : v))) as Record<string, unknown>,
      });
  };

  add(
    "wallet balance equals the sum of its ledger entries",
    await db.$queryRaw`
      SELECT w."userId", w.balance::text AS balance, COALESCE(SUM(l.amount), 0)::text AS "ledgerSum"
      FROM wallet w LEFT JOIN ledger_entry l ON l."userId" = w."userId"
      GROUP BY w."userId", w.balance
      HAVING w.balance <> COALESCE(SUM(l.amount), 0)`,
  );
  add(
    "ledger entries belong to a wallet",
    await db.$queryRaw`
      SELECT l."userId", COUNT(*)::int AS entries FROM ledger_entry l
      LEFT JOIN wallet w ON w."userId" = l."userId" WHERE w."userId" IS NULL GROUP BY l."userId"`,
  );
  add("balances are never negative", await db.$queryRaw`SELECT "userId", balance::text FROM wallet WHERE balance < 0`);
  add(
    "every spin has exactly one inventory item",
    await db.$queryRaw`
      SELECT s.id AS "spinId" FROM spin s LEFT JOIN inventory_item i ON i."spinId" = s.id
      WHERE i.id IS NULL OR i."userId" <> s."userId" OR i."itemId" <> s."itemId"`,
  );
  add(
    "every spin has exactly one debit of its price, but a free opening's (daily case, promo code: none)",
    await db.$queryRaw`
      SELECT s.id AS "spinId" FROM spin s LEFT JOIN ledger_entry l ON l."spinId" = s.id
      LEFT JOIN reward_claim d ON d."spinId" = s.id
      WHERE (d.id IS NULL AND (l.id IS NULL OR l.kind <> 'PACK_OPEN' OR l.amount <> -s.price OR l."userId" <> s."userId"))
         OR (d.id IS NOT NULL AND (l.id IS NOT NULL OR s.price <> 0))`,
  );
  add(
    "every spin's ticket lies in its item's range of the odds version it used",
    await db.$queryRaw`
      SELECT s.id AS "spinId" FROM spin s LEFT JOIN odds_range r
        ON r."oddsVersionId" = s."oddsVersionId" AND r."itemId" = s."itemId"
      WHERE r."itemId" IS NULL OR s.result < r."ticketFrom" OR s.result > r."ticketTo"`,
  );
  add(
    "nonces of a seed pair are consecutive from 0 and end at its next nonce",
    // Openings and upgrades take a pair's nonces in turn: together they hold each once.
    await db.$queryRaw`
      SELECT p.id AS "seedPairId", p.nonce AS "nextNonce", COUNT(s.nonce)::int AS uses,
             COUNT(DISTINCT s.nonce)::int AS "distinctNonces", MIN(s.nonce) AS "minNonce", MAX(s.nonce) AS "maxNonce"
      FROM seed_pair p
      LEFT JOIN (SELECT "seedPairId", nonce FROM spin UNION ALL SELECT "seedPairId", nonce FROM upgrade) s ON s."seedPairId" = p.id
      GROUP BY p.id, p.nonce
      HAVING COUNT(s.nonce) <> p.nonce OR COUNT(DISTINCT s.nonce) <> COUNT(s.nonce)
          OR (COUNT(s.nonce) > 0 AND (MIN(s.nonce) <> 0 OR MAX(s.nonce) <> p.nonce - 1))`,
  );
  // LedgerEntry.inventoryItemId is unique, so "exactly one" reduces to "one, and the right one".
  add(
    "every SOLD item has exactly one ITEM_SALE entry equal to its value, no HELD item has one",
    await db.$queryRaw`
      SELECT i.id AS "inventoryItemId", i.status::text AS status, l.id AS "ledgerEntryId" FROM inventory_item i
      LEFT JOIN ledger_entry l ON l."inventoryItemId" = i.id
      WHERE (i.status = 'SOLD') <> (l.id IS NOT NULL) OR (i.status = 'SOLD') <> (i."soldAt" IS NOT NULL)
         OR (l.id IS NOT NULL AND (l.kind <> 'ITEM_SALE' OR l.amount <> i.value OR l."userId" <> i."userId"))`,
  );
  // One statement, one snapshot: an opening adds its spin and its tally together, and the
  // rollup moves tallies into spinCount atomically, so the sum holds at every instant.
  add(
    "each pack's spinCount plus its uncounted tallies equals its spins",
    await db.$queryRaw`
      SELECT p.id AS "packId", COALESCE(st."spinCount", 0)::int AS "spinCount", COALESCE(t.n, 0)::int AS tallies, COALESCE(s.n, 0)::int AS spins
      FROM pack p
      LEFT JOIN pack_stats st ON st."packId" = p.id
      LEFT JOIN (SELECT "packId", COUNT(*) AS n FROM spin_tally GROUP BY "packId") t ON t."packId" = p.id
      LEFT JOIN (SELECT "packId", COUNT(*) AS n FROM spin GROUP BY "packId") s ON s."packId" = p.id
      WHERE COALESCE(st."spinCount", 0) + COALESCE(t.n, 0) <> COALESCE(s.n, 0)`,
  );
  add(
    "every ITEM_SALE entry credits a sold item",
    await db.$queryRaw`
      SELECT id AS "ledgerEntryId" FROM ledger_entry WHERE kind = 'ITEM_SALE' AND "inventoryItemId" IS NULL`,
  );

  // ledger_entry.depositId is unique, so "exactly one" reduces to "one iff settled, and the right one".
  add(
    "every settled deposit has exactly one DEPOSIT entry of its amount, no other deposit has one",
    await db.$queryRaw`
      SELECT d.id AS "depositId", d.status, d.amount::text AS amount, l.id AS "ledgerEntryId", l.amount::text AS credited
      FROM deposit d LEFT JOIN ledger_entry l ON l."depositId" = d.id
      WHERE (d.status = 'settled') <> (l.id IS NOT NULL)
         OR (l.id IS NOT NULL AND (l.kind <> 'DEPOSIT' OR l.amount <> d.amount OR l."userId" <> d."userId"))`,
  );
  // Shipments: an item leaves HELD for a shipment only in the transaction that creates its
  // active shipment_item row, and comes back only when that row stops being active.
  add(
    "every REDEEMING or SHIPPED item belongs to exactly one active shipment in the matching state",
    await db.$queryRaw`
      SELECT i.id AS "inventoryItemId", i.status::text AS status, COUNT(s.id)::int AS shipments, MIN(s.state::text) AS state
      FROM inventory_item i
      LEFT JOIN shipment_item si ON si."inventoryItemId" = i.id AND si.active
      LEFT JOIN shipment s ON s.id = si."shipmentId"
      WHERE i.status IN ('REDEEMING', 'SHIPPED') OR si."shipmentId" IS NOT NULL
      GROUP BY i.id, i.status
      HAVING COUNT(s.id) <> 1
          OR (i.status = 'REDEEMING' AND MIN(s.state::text) NOT IN ('REQUESTED', 'APPROVED'))
          OR (i.status = 'SHIPPED' AND MIN(s.state::text) NOT IN ('SHIPPED', 'DELIVERED'))
          OR i.status NOT IN ('REDEEMING', 'SHIPPED')
          OR bool_or(s."userId" <> i."userId")`,
  );
  add(
    "a shipment's items are active exactly while it is requested, approved, shipped or delivered",
    await db.$queryRaw`
      SELECT s.id AS "shipmentId", s.state::text AS state FROM shipment s JOIN shipment_item si ON si."shipmentId" = s.id
      WHERE si.active <> (s.state IN ('REQUESTED', 'APPROVED', 'SHIPPED', 'DELIVERED'))
      GROUP BY s.id, s.state`,
  );
  add(
    "every shipment has one SHIPPING_FEE of its fee, and one SHIPPING_REFUND of it exactly when cancelled or rejected",
    await db.$queryRaw`
      SELECT s.id AS "shipmentId", s.state::text AS state, s.fee::text AS fee, f.amount::text AS debited, r.amount::text AS refunded
      FROM shipment s
      LEFT JOIN ledger_entry f ON f."shipmentId" = s.id AND f.kind = 'SHIPPING_FEE'
      LEFT JOIN ledger_entry r ON r."shipmentId" = s.id AND r.kind = 'SHIPPING_REFUND'
      WHERE f.id IS NULL OR f.amount <> -s.fee OR f."userId" <> s."userId"
         OR (s.state IN ('CANCELLED', 'REJECTED')) <> (r.id IS NOT NULL)
         OR (r.id IS NOT NULL AND (r.amount <> s.fee OR r."userId" <> s."userId"))`,
  );
  add(
    "every SHIPPING_FEE and SHIPPING_REFUND entry names a shipment, and no other entry does",
    await db.$queryRaw`
      SELECT id AS "ledgerEntryId", kind::text AS kind FROM ledger_entry
      WHERE (kind IN ('SHIPPING_FEE', 'SHIPPING_REFUND')) <> ("shipmentId" IS NOT NULL)`,
  );

  if (!demoMode) {
    add(
      // Play money exists only in demo mode; an operator's credit (the CLI's user:create --balance,
      // wallet:credit, wallet:adjust, the console) is an ADJUSTMENT, never a DEPOSIT.
      "outside demo mode, every DEPOSIT entry is the credit of one settled provider deposit",
      await db.$queryRaw`
        SELECT l.id AS "ledgerEntryId", l."userId", l.amount::text AS amount, l.note FROM ledger_entry l
        LEFT JOIN deposit d ON d.id = l."depositId"
        WHERE l.kind = 'DEPOSIT' AND (d.id IS NULL OR d.provider = 'demo' OR d.status <> 'settled')`,
    );
  }

  // ledger_entry (withdrawalId, kind) is unique: at most one reservation and one return each.
  add(
    "every withdrawal has one WITHDRAWAL entry of minus its amount, and a WITHDRAWAL_RETURN of its amount iff rejected or failed",
    await db.$queryRaw`
      SELECT w.id AS "withdrawalId", w.state, w.amount::text AS amount,
             r.amount::text AS reserved, b.amount::text AS returned
      FROM withdrawal w
      LEFT JOIN ledger_entry r ON r."withdrawalId" = w.id AND r.kind = 'WITHDRAWAL'
      LEFT JOIN ledger_entry b ON b."withdrawalId" = w.id AND b.kind = 'WITHDRAWAL_RETURN'
      WHERE r.id IS NULL OR r.amount <> -w.amount OR r."userId" <> w."userId"
         OR (w.state IN ('rejected', 'failed')) <> (b.id IS NOT NULL)
         OR (b.id IS NOT NULL AND (b.amount <> w.amount OR b."userId" <> w."userId"))`,
  );
  add(
    "withdrawal ledger entries name a withdrawal; a paid one has its payout and only a completed one is complete",
    await db.$queryRaw`
      SELECT l.id AS "ledgerEntryId", l.kind::text AS kind, NULL AS "withdrawalId" FROM ledger_entry l
      WHERE l.kind IN ('WITHDRAWAL', 'WITHDRAWAL_RETURN') AND l."withdrawalId" IS NULL
      UNION ALL
      SELECT NULL, NULL, w.id FROM withdrawal w
      WHERE (w.state IN ('paying', 'completed') AND w."payoutId" IS NULL) OR ((w.state = 'completed') <> (w."completedAt" IS NOT NULL))`,
  );
  // Battles: what players paid into a battle (entries less refunds) is nothing once cancelled,
  // one entry per seated player while open or locked, and once settled exactly the items given
  // to players plus the house share.
  add(
    "every battle's entries, refunds, payouts and house share balance",
    await db.$queryRaw`
      SELECT b.id AS "battleId", b.status, b.entry::text AS entry, p.players::int AS players, COALESCE(l.paid, 0)::text AS paid,
             COALESCE(i.paid, 0)::text AS "itemsPaid", b."houseShare"::text AS "houseShare"
      FROM battle b
      CROSS JOIN LATERAL (SELECT COUNT(*) AS players FROM battle_seat s WHERE s."battleId" = b.id AND s."userId" IS NOT NULL) p
      LEFT JOIN (SELECT "battleId", -SUM(amount) AS paid FROM ledger_entry WHERE "battleId" IS NOT NULL GROUP BY "battleId") l ON l."battleId" = b.id
      LEFT JOIN (SELECT "battleId", SUM(value) AS paid FROM inventory_item WHERE "battleId" IS NOT NULL GROUP BY "battleId") i ON i."battleId" = b.id
      WHERE (b.status = 'cancelled' AND COALESCE(l.paid, 0) <> 0)
         OR (b.status <> 'cancelled' AND COALESCE(l.paid, 0) <> b.entry * p.players)
         OR (b.status <> 'settled' AND i.paid IS NOT NULL)
         OR (b.status = 'settled' AND COALESCE(i.paid, 0) + b."houseShare" <> b.entry * p.players)`,
  );
  add(
    "battle ledger entries are BATTLE_ENTRY debits or BATTLE_REFUND credits, and they name their battle",
    await db.$queryRaw`
      SELECT l.id AS "ledgerEntryId", l.kind::text AS kind FROM ledger_entry l
      WHERE (l.kind::text IN ('BATTLE_ENTRY', 'BATTLE_REFUND')) <> (l."battleId" IS NOT NULL)
         OR (l.kind::text = 'BATTLE_ENTRY' AND l.amount >= 0) OR (l.kind::text = 'BATTLE_REFUND' AND l.amount <= 0)`,
  );
  for (const breach of await battleProofBreaches(services)) add("every settled battle re-derives from its published proof", [breach]);

  // The upgrader and the exchange (#38).
  add("every upgrade re-derives from its row (and its revealed seed, once retired)", await upgradeBreaches(services));
  add(
    "every UPGRADED item is staked in exactly one upgrade at its value, and no other item is",
    await db.$queryRaw`
      SELECT i.id AS "inventoryItemId", i.status::text AS status, COUNT(s."upgradeId")::int AS stakes FROM inventory_item i
      LEFT JOIN upgrade_stake s ON s."inventoryItemId" = i.id
      WHERE i.status::text = 'UPGRADED' OR s."upgradeId" IS NOT NULL
      GROUP BY i.id, i.status, i.value, i."userId"
      HAVING i.status::text <> 'UPGRADED' OR COUNT(s."upgradeId") <> 1
          OR bool_or(s.value <> i.value) OR bool_or((SELECT u."userId" FROM upgrade u WHERE u.id = s."upgradeId") <> i."userId")`,
  );
  add(
    "every upgrade's stake sums to its stakeValue, and it won its target (one HELD-born item at its value) exactly when won",
    await db.$queryRaw`
      SELECT u.id AS "upgradeId" FROM upgrade u
      LEFT JOIN inventory_item w ON w."upgradeId" = u.id
      WHERE u."stakeValue" <> (SELECT COALESCE(SUM(s.value), 0) FROM upgrade_stake s WHERE s."upgradeId" = u.id)
         OR u.won <> (w.id IS NOT NULL)
         OR (w.id IS NOT NULL AND (w.value <> u."targetValue" OR w."itemId" <> u."targetItemId" OR w."userId" <> u."userId"))`,
  );
  add(
    "every EXCHANGED item is given in exactly one exchange at its value, and no other item is",
    await db.$queryRaw`
      SELECT i.id AS "inventoryItemId", i.status::text AS status FROM inventory_item i
      LEFT JOIN exchange_item g ON g."inventoryItemId" = i.id
      WHERE (i.status::text = 'EXCHANGED') <> (g."exchangeId" IS NOT NULL) OR g.value <> i.value`,
  );
  add(
    "every exchange balances: given and received as summed, received + cash within given less the fee, cash paid once",
    await db.$queryRaw`
      SELECT x.id AS "exchangeId", x."givenValue"::text AS given, x."receivedValue"::text AS received, x.cash::text AS cash FROM exchange x
      LEFT JOIN ledger_entry l ON l."exchangeId" = x.id
      WHERE x."givenValue" <> (SELECT COALESCE(SUM(g.value), 0) FROM exchange_item g WHERE g."exchangeId" = x.id)
         OR x."receivedValue" <> (SELECT COALESCE(SUM(r.value), 0) FROM inventory_item r WHERE r."exchangeId" = x.id)
         OR x."receivedValue" + x.cash > x."givenValue" * (10000 - x."feeBps") / 10000
         OR (x.cash > 0) <> (l.id IS NOT NULL) OR (l.id IS NOT NULL AND (l.amount <> x.cash OR l."userId" <> x."userId"))`,
  );

  // Rewards (#39): every REWARD entry traces to its source row (a reward_claim of the same account
  // and amount), every cash reward is paid by exactly one entry, a daily case by its free spin; and
  // each account's rakeback balances to the cent: claimed = the rakeback claims summed, within
  // what accrued (rounded down to the cent).
  add(
    "every REWARD ledger entry pays a reward claim of its account and amount, and every cash reward is paid once",
    await db.$queryRaw`
      SELECT l.id AS "ledgerEntryId", c.id AS "claimId", c.source, c.amount::text AS amount, l.amount::text AS paid
      FROM ledger_entry l FULL JOIN reward_claim c ON c.id = l."rewardClaimId"
      WHERE (l.id IS NOT NULL AND l.kind = 'REWARD' AND (c.id IS NULL OR c."userId" <> l."userId" OR c.amount <> l.amount))
         OR (c.id IS NOT NULL AND c.amount > 0 AND l.id IS NULL)
         OR (c.id IS NOT NULL AND c.amount = 0 AND l.id IS NOT NULL)`,
  );
  add(
    "every free opening (a daily case, a promo code's) is a spin of its account at price 0",
    await db.$queryRaw`
      SELECT c.id AS "claimId", c."userId", s.id AS "spinId", s.price::text AS price
      FROM reward_claim c LEFT JOIN spin s ON s.id = c."spinId"
      WHERE (c.source = 'daily' OR c."spinId" IS NOT NULL)
        AND (s.id IS NULL OR s."userId" <> c."userId" OR s.price <> 0 OR c.amount <> 0)`,
  );
  add(
    "promo redemptions never pass their code's maximum, are counted once each, and give rewards only to the account that redeemed",
    await db.$queryRaw`
      SELECT p.id AS "promoCodeId", p.code, p.redemptions, p."maxRedemptions", count(DISTINCT r.id)::int AS rows,
             count(c.id) FILTER (WHERE c."userId" <> r."userId")::int AS "foreignClaims",
             count(r.id) FILTER (WHERE NOT EXISTS (SELECT 1 FROM reward_claim x WHERE x."promoRedemptionId" = r.id))::int AS "unpaid"
      FROM promo_code p
      LEFT JOIN promo_redemption r ON r."promoCodeId" = p.id
      LEFT JOIN reward_claim c ON c."promoRedemptionId" = r.id
      GROUP BY p.id
      HAVING p.redemptions > p."maxRedemptions" OR count(DISTINCT r.id) <> p.redemptions
         OR count(c.id) FILTER (WHERE c."userId" <> r."userId") > 0
         OR count(r.id) FILTER (WHERE NOT EXISTS (SELECT 1 FROM reward_claim x WHERE x."promoRedemptionId" = r.id)) > 0`,
  );
  add(
    "every account's rakeback balances: claimed equals its rakeback claims, and never passes what accrued (to the cent)",
    await db.$queryRaw`
      SELECT coalesce(r."userId", c."userId") AS "userId", r."rakebackAccrued"::text AS accrued, r."rakebackClaimed"::text AS claimed,
             c.total::text AS "claimsTotal"
      FROM account_reward r
      FULL JOIN (SELECT "userId", sum(amount) AS total FROM reward_claim WHERE source = 'rakeback' GROUP BY "userId") c ON c."userId" = r."userId"
      WHERE r."userId" IS NULL OR coalesce(c.total, 0) <> r."rakebackClaimed" OR r."rakebackClaimed" > trunc(r."rakebackAccrued", 2)`,
  );
  // Creator codes (#39): every commission claim is paid to its code's creator, every welcome
  // reward to the referred account it names (and only after it deposited); each creator's
  // commission balances to the cent: claimed = the commission claims summed, within what accrued
  // on its referrals (summed, then rounded down to the cent).
  add(
    "every commission claim pays its code's creator, every welcome reward the referred account after a deposit",
    await db.$queryRaw`
      SELECT c.id AS "claimId", c.source, c."userId", k."userId" AS creator, c."referralId"
      FROM reward_claim c
      LEFT JOIN creator_code k ON k.id = c."creatorCodeId"
      WHERE (c.source = 'commission' AND (k.id IS NULL OR k."userId" <> c."userId" OR c.amount <= 0))
         OR (c.source = 'welcome' AND (c."referralId" <> c."userId"
             OR NOT EXISTS (SELECT 1 FROM ledger_entry d WHERE d."userId" = c."userId" AND d.kind = 'DEPOSIT' AND d."createdAt" <= c."createdAt")))`,
  );
  add(
    "every creator's commission balances: claimed equals its commission claims, and never passes what its referrals accrued (to the cent)",
    await db.$queryRaw`
      SELECT k.id AS "creatorCodeId", k."commissionClaimed"::text AS claimed, a.accrued::text AS accrued, c.total::text AS "claimsTotal"
      FROM creator_code k
      LEFT JOIN LATERAL (SELECT coalesce(sum(r."commissionAccrued"), 0) AS accrued FROM referral r WHERE r."creatorCodeId" = k.id) a ON true
      LEFT JOIN LATERAL (SELECT coalesce(sum(x.amount), 0) AS total FROM reward_claim x WHERE x."creatorCodeId" = k.id) c ON true
      WHERE c.total <> k."commissionClaimed" OR k."commissionClaimed" > trunc(a.accrued, 2)`,
  );

  // The books as a whole, each term from its own table where it has one: deposits (DEPOSIT
  // entries: provider deposits, and demo deposits in demo mode), withdrawals (what has left or is
  // reserved to leave: every withdrawal not rejected or failed), adjustments (ADJUSTMENT
  // entries, either sign), sales (the values of sold items), opening prices (the spins) and
  // shipping fees kept (every shipment's fee but those refunded: cancelled or rejected).
  add(
    "the sum of wallets equals deposits - withdrawals + adjustments + sales - opening prices - shipping fees kept - battle entries kept + exchange remainders + cash rewards",
    await db.$queryRaw`
      SELECT wallets::text, deposits::text, withdrawals::text, adjustments::text, sales::text, "openingPrices"::text,
             "shippingFees"::text, "battleEntries"::text, "exchangeCash"::text, rewards::text
      FROM (SELECT
        (SELECT COALESCE(SUM(balance), 0) FROM wallet) AS wallets,
        (SELECT COALESCE(SUM(amount), 0) FROM ledger_entry WHERE kind = 'DEPOSIT') AS deposits,
        (SELECT COALESCE(SUM(amount), 0) FROM withdrawal WHERE state NOT IN ('rejected', 'failed')) AS withdrawals,
        (SELECT COALESCE(SUM(amount), 0) FROM ledger_entry WHERE kind = 'ADJUSTMENT') AS adjustments,
        (SELECT COALESCE(SUM(value), 0) FROM inventory_item WHERE status = 'SOLD') AS sales,
        (SELECT COALESCE(SUM(price), 0) FROM spin) AS "openingPrices",
        (SELECT COALESCE(SUM(fee), 0) FROM shipment WHERE state NOT IN ('CANCELLED', 'REJECTED')) AS "shippingFees",
        (SELECT COALESCE(-SUM(amount), 0) FROM ledger_entry WHERE "battleId" IS NOT NULL) AS "battleEntries",
        (SELECT COALESCE(SUM(cash), 0) FROM exchange) AS "exchangeCash",
        (SELECT COALESCE(SUM(amount), 0) FROM reward_claim) AS rewards) t
      WHERE wallets <> deposits - withdrawals + adjustments + sales - "openingPrices" - "shippingFees" - "battleEntries" + "exchangeCash" + rewards`,
  );

  for (const breach of await transparencyLogBreaches(services)) add(breach.rule, [breach.detail]);

  const flagged = await db.deposit.findMany({
    where: { flag: { not: null } },
    orderBy: { createdAt: "asc" },
    select: { id: true, userId: true, invoiceId: true, flag: true },
  });
  const flaggedDeposits = flagged.map(({ id, userId, invoiceId, flag }) => ({ depositId: id, userId, invoiceId, flag: flag ?? "" }));

  const { flaggedCredits, cliCredits } = await loneCreditsAboveThresholds(services, creditWindowDays);

  const [wallets, spins, seedPairs] = await Promise.all([db.wallet.count(), db.spin.count(), db.seedPair.count()]);
  return {
    ok: breaches.length === 0,
    checked: { wallets, spins, seedPairs },
    breaches,
    flaggedDeposits,
    flaggedCredits,
    cliCredits,
    creditWindowDays,
  };
}

/**
 * The four-eyes rule on credits (creditNeedsSecondAdmin) checked after the fact over the admin
 * log's last `days` days: each console lone credit with the same admin's lone credits in the 24
 * hours up to it (read from a day further back, so the window's first credits are summed
 * right), per account and over all accounts, against the thresholds its entry recorded, or
 * today's where it recorded none. The CLI's credits are only counted and summed.
 */
async function loneCreditsAboveThresholds(services: Deps, days: number): Promise<Pick<AuditReport, "flaggedCredits" | "cliCredits">> {
  const db = services.database.prisma;
  const perAccount = creditApprovalAbove();
  const perAdmin = dailyCreditApprovalAbove();
  const rows = await db.$queryRaw<
    Array<{
      id: bigint;
      actor: string;
      targetId: string;
      amount: string;
      account: string;
      all: string;
      accountAbove: string;
      allAbove: string;
      createdAt: Date;
    }>
  >`
    SELECT id, actor, "targetId", amount::text, account::text, "all"::text, "accountAbove"::text, "allAbove"::text, "createdAt" FROM (
      SELECT id, actor, "targetId", amount, "createdAt",
        COALESCE("approvalAbove", ${perAccount}) AS "accountAbove",
        COALESCE("dailyApprovalAbove", ${perAdmin}) AS "allAbove",
        SUM(amount) OVER (PARTITION BY "actorId", "targetId" ORDER BY "createdAt" RANGE BETWEEN interval '24 hours' PRECEDING AND CURRENT ROW) AS account,
        SUM(amount) OVER (PARTITION BY "actorId" ORDER BY "createdAt" RANGE BETWEEN interval '24 hours' PRECEDING AND CURRENT ROW) AS "all"
      FROM (${LONE_CREDITS_SQL}) lone
      WHERE "actorId" IS NOT NULL AND "createdAt" > now() - make_interval(days => ${days + 1})) windows
    WHERE "createdAt" > now() - make_interval(days => ${days}) AND (account > "accountAbove" OR "all" > "allAbove")
    ORDER BY id`;
  const flaggedCredits = rows.map((row) => {
    const accountAbove = new Prisma.Decimal(row.accountAbove);
    const overAccount = new Prisma.Decimal(row.account).greaterThan(accountAbove);
    return {
      adminLogId: row.id.toString(),
      actor: row.actor,
      userId: row.targetId,
      amount: formatMoney(new Prisma.Decimal(row.amount)),
      windowTotal: formatMoney(new Prisma.Decimal(overAccount ? row.account : row.all)),
      above: formatMoney(overAccount ? accountAbove : new Prisma.Decimal(row.allAbove)),
      window: overAccount ? ("account" as const) : ("all accounts" as const),
      createdAt: row.createdAt.toISOString(),
    };
  });
  const [cli] = await db.$queryRaw<Array<{ count: bigint; total: Prisma.Decimal }>>`
    SELECT count(*) AS count, COALESCE(SUM(amount), 0) AS total FROM (${LONE_CREDITS_SQL}) lone
    WHERE "actorId" IS NULL AND "createdAt" > now() - make_interval(days => ${days})`;
  return { flaggedCredits, cliCredits: { count: Number(cli?.count ?? 0), total: formatMoney(new Prisma.Decimal(cli?.total ?? 0)) } };
}

/**
 * Recomputes every upgrade as a player's verifier would (upgrade/v1): its chance from its stake,
 * target, edge and cap; and, once its pair is retired (the seed revealed), its hash, ticket and
 * outcome from the seeds and nonce. Before that, the ticket must still be the hash's.
 */
async function upgradeBreaches(services: Deps): Promise<Array<Record<string, unknown>>> {
  const rows = await services.database.sql.query<{
    id: string;
    stakeValue: string;
    targetValue: string;
    edgeBps: number;
    capTickets: number;
    chanceTickets: number;
    nonce: number;
    hash: string;
    ticket: number;
    won: boolean;
    serverSeed: string | null;
    clientSeed: string;
  }>(
    `SELECT u.id, u."stakeValue"::text AS "stakeValue", u."targetValue"::text AS "targetValue", u."edgeBps", u."capTickets",
            u."chanceTickets", u.nonce, u.hash, u.ticket, u.won,
            CASE WHEN p."retiredAt" IS NOT NULL THEN p."serverSeed" END AS "serverSeed", p."clientSeed"
     FROM upgrade u JOIN seed_pair p ON p.id = u."seedPairId" ORDER BY u."createdAt"`,
  );
  const breaches: Array<Record<string, unknown>> = [];
  for (const row of rows) {
    const claim = { ...row, stakeCents: moneyToCents(row.stakeValue), targetCents: moneyToCents(row.targetValue) };
    const problems =
      row.serverSeed === null
        ? [
            ...(upgradeChanceTickets(claim) === row.chanceTickets
              ? []
              : ["chanceTickets does not follow from the stake, target, edge and cap"]),
            ...(ticketFromHash(row.hash) === row.ticket ? [] : ["the ticket is not the hash's"]),
          ]
        : await verifyUpgrade({ ...claim, serverSeed: row.serverSeed }, nodeHashes);
    if (problems.length > 0) breaches.push({ upgradeId: row.id, problems });
  }
  return breaches;
}

/** Recomputes every settled battle from what its GET publishes, as a player's verifier would. */
async function battleProofBreaches(services: Deps & { beacon: Beacon }): Promise<Array<Record<string, unknown>>> {
  const { sql } = services.database;
  const settled = await sql.query<{ id: string }>(`SELECT id FROM battle WHERE status = 'settled' ORDER BY "settledAt"`);
  const breaches: Array<Record<string, unknown>> = [];
  for (const { id } of settled) {
    const view = battleView((await loadBattle(sql, id))!, null);
    const proof = { ...view, beacon: { round: view.beacon.round, randomness: view.beacon.randomness, signature: view.beacon.signature } };
    const { problems } = await verifyBattle(
      proof as BattleProof,
      view.rounds.map((round) => round.odds),
    );
    // The round's BLS signature, where the battle's chain is the one this service is configured with.
    const { chain } = services.beacon;
    const { beacon } = JSON.parse(view.spec) as BattleSpec;
    if (beacon.chainHash === chain.chainHash && view.beacon.round !== null && view.beacon.signature && view.beacon.randomness) {
      const round = { round: view.beacon.round, signature: view.beacon.signature, randomness: view.beacon.randomness };
      if (!(await verifyBeaconRound(chain, round))) problems.push("the beacon round does not verify under the chain's public key");
    }
    if (problems.length > 0) breaches.push({ battleId: id, problems });
  }
  return breaches;
}

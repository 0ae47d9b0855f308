import type {
  Account,
  Battle,
  Address,
  Deposit,
  FairnessState,
  HistoryPage,
  HistorySummary,
  InventoryGroups,
  InventoryPage,
  LedgerPage,
  MonthlyStatement,
  OpenResult,
  PlayerProtection,
  ReferralStatus,
  PackDetail,
  PackSummary,
  RotateResult,
  SellResult,
  LicencePrompts,
  SetLimitResult,
  Shipment,
  ShipmentEventData,
  UpgradeEntry,
  UpgradeQuote,
  UpgradeResult,
  UpgradeTarget,
  ExchangeResult,
  Verification,
  WalletBalance,
  Withdrawal,
} from "@prizepacks/core";
import { canonicalLeaf, leafHashHex } from "@prizepacks/core";
import type { OutputOf, ProcedurePath } from "./procedures.ts";

// One account's story, as the API told it: 100.00 deposited, one Budget Tech Drop opened
// (nonce 0, ticket 20844: the phone stand), the stand sold, the seed pair rotated. The seeds,
// hashes, ticket and oddsHash are real: the documented recipe reproduces them
// (openapi.test.ts checks that, and every example against its schema).

const at = (time: string) => `2026-11-23T${time}.000Z`;

export const exampleSeeds = {
  serverSeed: "9b1c4e7a2d5f8036c1e4a7b0d3f6298c5e1a4d7b0c3f6e9a2d5b8c1e4f7a0d36",
  serverSeedHash: "0a3881e7adc32f854c9e5d6c6f978bc48c0c97deb7f4a3cb2265a171fe50dab2",
  clientSeed: "5d2f8a1c7e4b0d9f3a6c2e8b1f4d7a0c",
  nextServerSeedHash: "d0993e4cd284a3319a71b861d3ccbc8db43b62ede53c23c2adb92484a679f9bd",
  afterNextServerSeedHash: "7c4e0b9f2a6d3e8c1b5f9a2d6e0c4b8f3a7d1e5c9b2f6a0d4e8c3b7f1a5d9e2c",
  newClientSeed: "my-bot-seed-2026-11-23",
};

const pack = {
  id: "cmic2x9rq0002pp3kbudgetdr",
  slug: "budget-tech-drop",
  name: "Budget Tech Drop",
  image: "/images/packs/budget-tech-drop.svg",
  price: "4.99",
};

const packSummary: PackSummary = { ...pack, category: "TECH", rarityTheme: "SILVER", maxItemValue: 129, spinCount: 1280 };

const item = (
  id: string,
  name: string,
  rarity: PackDetail["items"][number]["rarity"],
  value: string,
  image: string,
  ticketFrom: number,
  ticketTo: number,
) => ({
  id,
  name,
  rarity,
  value,
  image: `/images/items/budget-tech-drop/${image}.svg`,
  chance: Number(((ticketTo - ticketFrom + 1) / 1000).toFixed(3)),
  ticketFrom,
  ticketTo,
});

const packDetail: PackDetail = {
  ...packSummary,
  description: "Everyday tech accessories with a shot at noise-cancelling earbuds.",
  oddsHash: "e5cfbeaba4732a8b0a83a79ab030433dd2d954980abefbf3f0ce5ff1200a01cc",
  oddsVersion: 1,
  expectedValue: "4.49",
  beatPriceChance: 16.67, // the items worth more than 4.99: tickets 1–16670
  items: [
    item("cmic2x9rq0010pp3kancearbu", "True Wireless Earbuds (ANC)", "LEGENDARY", "129.00", "anc-earbuds", 1, 60),
    item("cmic2x9rq0011pp3ksmartfit", "Smart Fitness Band", "EPIC", "49.00", "smart-fitness-band", 61, 773),
    item("cmic2x9rq0012pp3kbluetoot", "Portable Bluetooth Speaker", "RARE", "29.00", "bluetooth-speaker", 774, 2198),
    item("cmic2x9rq0013pp3kpowerban", "10,000 mAh Power Bank", "RARE", "19.99", "power-bank", 2199, 4527),
    item("cmic2x9rq0014pp3kusbcchar", "20W USB-C Fast Charger", "UNCOMMON", "12.50", "usb-c-charger", 4528, 8856),
    item("cmic2x9rq0015pp3kbraidedc", "Braided USB-C Cable (2 m)", "UNCOMMON", "7.99", "braided-cable", 8857, 16670),
    item("cmic2x9rq0016pp3kphonesta", "Aluminium Phone Stand", "COMMON", "4.50", "phone-stand", 16671, 33343),
    item("cmic2x9rq0017pp3kscreencl", "Screen Cleaning Kit", "COMMON", "2.49", "screen-cleaning-kit", 33344, 69758),
    item("cmic2x9rq0018pp3kcablecli", "Cable Organizer Clips", "COMMON", "1.20", "cable-clips", 69759, 100000),
  ],
};

const wonItem = {
  id: "cmic2x9rq0016pp3kphonesta",
  name: "Aluminium Phone Stand",
  rarity: "COMMON" as const,
  value: "4.50",
  image: "/images/items/budget-tech-drop/phone-stand.svg",
};
const spinId = "cmic3b7tz0001pp3kspin0001";
const inventoryItemId = "cmic3b7tz0002pp3kinvt0001";
const draw = {
  nonce: 0,
  hash: "355babce2ebbf9701dfab52f2de5d41ba5a4d94c6b57ff3ec581ee8923352c71",
  result: 20844,
};

export const openResultExample: OpenResult = {
  spin: { id: spinId, packId: pack.id, itemId: wonItem.id, nonce: draw.nonce, result: draw.result },
  item: wonItem,
  inventoryItem: { id: inventoryItemId, itemId: wonItem.id, value: wonItem.value },
  balanceAfter: 95.01,
  fairness: {
    serverSeedHash: exampleSeeds.serverSeedHash,
    clientSeed: exampleSeeds.clientSeed,
    nonce: draw.nonce,
    hash: draw.hash,
    oddsHash: packDetail.oddsHash,
    oddsVersion: 1,
  },
  // Logged by the appender within seconds of the commit: a first answer is never logged yet.
  leafIndex: null,
};

const account: Account = {
  id: "Jq3ZkV9xR2mT8wLp4cN6yB1s",
  email: "bot@example.org",
  name: "Jane Doe",
  balance: 95.01,
  balanceString: "95.01",
  createdAt: at("11:58:02"),
};

const fairnessState: FairnessState = {
  serverSeedHash: exampleSeeds.serverSeedHash,
  clientSeed: exampleSeeds.clientSeed,
  nonce: 1,
  nextServerSeedHash: exampleSeeds.nextServerSeedHash,
};

export const rotateResultExample: RotateResult = {
  previous: {
    serverSeed: exampleSeeds.serverSeed,
    serverSeedHash: exampleSeeds.serverSeedHash,
    clientSeed: exampleSeeds.clientSeed,
    nonce: 1,
  },
  current: { serverSeedHash: exampleSeeds.nextServerSeedHash, clientSeed: exampleSeeds.newClientSeed, nonce: 0 },
  nextServerSeedHash: exampleSeeds.afterNextServerSeedHash,
};

const inventoryPage: InventoryPage = {
  items: [
    {
      id: inventoryItemId,
      itemId: wonItem.id,
      packId: pack.id,
      packName: pack.name,
      name: wonItem.name,
      rarity: wonItem.rarity,
      value: wonItem.value,
      image: wonItem.image,
      status: "HELD",
      ships: true,
      createdAt: at("12:00:00"),
      soldAt: null,
      spinId,
      battleId: null,
      upgradeId: null,
      exchangeId: null,
    },
  ],
  totalValue: "4.50",
  heldCount: 1,
  nextCursor: null,
};

const inventoryGroups: InventoryGroups = {
  groups: [
    {
      itemId: wonItem.id,
      packId: pack.id,
      packName: pack.name,
      name: wonItem.name,
      rarity: wonItem.rarity,
      image: wonItem.image,
      value: wonItem.value,
      count: 1,
      ships: true,
      totalValue: "4.50",
      newestAt: at("12:00:00"),
      inventoryItemIds: [inventoryItemId],
    },
  ],
  totalValue: "4.50",
  heldCount: 1,
};

export const sellResultExample: SellResult = { sold: [{ id: inventoryItemId, value: "4.50" }], total: "4.50", balanceAfter: 99.51 };

// The upgrade of the phone stand (4.50) to the 20W charger (12.50) at the default edge and cap:
// chance floor(100000 × 9200 × 450 / (10000 × 1250)) = 33120; upgrade/v1 on the example seeds at
// nonce 2 rolls ticket 21235 (the hash below, computed with node:crypto): won.
const upgradeTarget: UpgradeTarget = {
  id: "cmic2x9rq0014pp3kusbcchar",
  name: "20W USB-C Fast Charger",
  rarity: "UNCOMMON",
  value: "12.50",
  image: "/images/items/budget-tech-drop/usb-c-charger.svg",
  ships: true,
  pack: { id: pack.id, slug: pack.slug, name: pack.name },
};
const { pack: _targetPack, ...upgradeTargetItem } = upgradeTarget;
const upgradeQuote: UpgradeQuote = {
  stakeValue: "4.50",
  target: upgradeTarget,
  targetValue: "12.50",
  edgeBps: 800,
  capTickets: 75000,
  chanceTickets: 33120,
  chance: "33.120",
  expectedValue: "4.14",
};
export const upgradeResultExample: UpgradeResult = {
  upgrade: {
    id: "cmic3c9up0001pp3kupgr0001",
    stakeValue: "4.50",
    targetValue: "12.50",
    chanceTickets: 33120,
    chance: "33.120",
    edgeBps: 800,
    capTickets: 75000,
    nonce: 2,
    ticket: 21235,
    won: true,
  },
  fairness: {
    serverSeedHash: exampleSeeds.serverSeedHash,
    clientSeed: exampleSeeds.clientSeed,
    nonce: 2,
    hash: "365bf3c0054f32c261d3dcf0529094589cc55c4119348efcb7dec0c32e009566",
  },
  inventoryItem: { id: "cmic3c9up0002pp3kinvt0009", itemId: upgradeTarget.id, value: "12.50" },
  target: { ...upgradeTargetItem, packId: pack.id },
  stake: [{ id: inventoryItemId, itemId: wonItem.id, value: "4.50" }],
  leafIndex: null,
};
const upgradeEntry: UpgradeEntry = {
  kind: "upgrade",
  ...upgradeResultExample.upgrade,
  createdAt: at("12:02:00"),
  target: upgradeResultExample.target,
  stake: upgradeResultExample.stake,
  inventoryItem: upgradeResultExample.inventoryItem,
  fairness: {
    recipe: "upgrade/v1",
    serverSeedHash: exampleSeeds.serverSeedHash,
    serverSeed: exampleSeeds.serverSeed,
    clientSeed: exampleSeeds.clientSeed,
    nonce: 2,
    hash: upgradeResultExample.fairness.hash,
    result: 21235,
  },
  leafIndex: 43,
};
// The charger (12.50) for the braided cable (7.99) at the default 5 % fee: 12.50 × 0.95 − 7.99 = 3.885, paid 3.88.
export const exchangeResultExample: ExchangeResult = {
  exchange: {
    id: "cmic3d2ex0001pp3kexch0001",
    givenValue: "12.50",
    receivedValue: "7.99",
    feeBps: 500,
    cash: "3.88",
    createdAt: at("12:03:00"),
  },
  given: [{ id: "cmic3c9up0002pp3kinvt0009", value: "12.50" }],
  received: [{ id: "cmic3d2ex0002pp3kinvt0010", itemId: "cmic2x9rq0015pp3kbraidedc", value: "7.99" }],
  balanceAfter: 103.39,
};

const historyPage: HistoryPage = {
  upgrades: [upgradeEntry],
  spins: [
    {
      kind: "open",
      id: spinId,
      createdAt: at("12:00:00"),
      pack: { id: pack.id, slug: pack.slug, name: pack.name, image: pack.image },
      item: wonItem,
      price: pack.price,
      inventoryItemId,
      fairness: {
        serverSeedHash: exampleSeeds.serverSeedHash,
        serverSeed: exampleSeeds.serverSeed,
        clientSeed: exampleSeeds.clientSeed,
        nonce: draw.nonce,
        hash: draw.hash,
        result: draw.result,
        oddsHash: packDetail.oddsHash,
        oddsVersion: 1,
      },
      leafIndex: 41,
    },
  ],
  nextCursor: null,
};

const wallet: WalletBalance = { balance: 99.51, balanceString: "99.51", pendingWithdrawals: "0.00" };

const ledgerPage: LedgerPage = {
  entries: [
    {
      id: "cmic3c1aa0003pp3kledg0003",
      kind: "ITEM_SALE",
      amount: "4.50",
      balanceAfter: 99.51,
      createdAt: at("12:01:10"),
      note: null,
      spinId: null,
      inventoryItemId,
    },
    {
      id: "cmic3b7tz0003pp3kledg0002",
      kind: "PACK_OPEN",
      amount: "-4.99",
      balanceAfter: 95.01,
      createdAt: at("12:00:00"),
      note: null,
      spinId,
      inventoryItemId: null,
    },
    {
      id: "cmic2z4kd0001pp3kledg0001",
      kind: "DEPOSIT",
      amount: "100.00",
      balanceAfter: 100,
      createdAt: at("11:58:02"),
      note: "Demo deposit",
      spinId: null,
      inventoryItemId: null,
    },
  ],
  nextCursor: null,
};

// The account's first check came back RETRY: a page of the passport was missing.
const verification: Verification = {
  status: "retry",
  requiredFor: ["withdrawal"],
  requirements: [
    {
      requiredFor: "withdrawal",
      reason: "withdrawal",
      message:
        "Withdrawals need a verified identity. Your check needs another look: see what to send again in your wallet (/wallet#verification).",
      threshold: null,
    },
  ],
  reason: "The second page of your passport is missing. Please upload both pages.",
  rejectLabels: ["DOCUMENT_PAGE_MISSING"],
  demo: false,
  updatedAt: at("12:04:10"),
};

const playerProtection: PlayerProtection = {
  limits: [
    { kind: "loss", period: "day", amount: "5.00", used: "0.49", remaining: "4.51", oldestCountsUntil: "2026-11-25T09:12:44.000Z" },
    { kind: "wager", period: "week", amount: "50.00", used: "4.99", remaining: "45.01", oldestCountsUntil: "2026-12-01T09:12:44.000Z" },
  ],
  pending: [
    {
      kind: "wager",
      period: "week",
      amount: "100.00",
      requestedAt: at("12:03:00"),
      confirmableAt: "2026-11-24T12:03:00.000Z",
      lapsesAt: "2026-12-01T12:03:00.000Z",
    },
  ],
  exclusion: null,
};

const licencePrompts: LicencePrompts = {
  saferPlay: { acknowledgedAt: at("11:58:02"), due: false },
  depositLimit: { answer: "set", answeredAt: at("11:59:30"), due: false },
};

const setLimitResult: SetLimitResult = {
  applied: null,
  pending: playerProtection.pending[0]!,
};

/** November 2026 for the account above: deposited 100.00, opened one pack, sold what it won. */
const monthlyStatement: MonthlyStatement = {
  month: "2026-11",
  from: "2026-11-01T00:00:00.000Z",
  to: "2026-12-01T00:00:00.000Z",
  openingBalance: "0.00",
  closingBalance: "99.51",
  openings: 1,
  wagered: "4.99",
  won: "4.50",
  net: "-0.49",
  deposits: "100.00",
  withdrawals: "0.00",
  sales: "4.50",
  adjustments: "0.00",
  rewards: "0.00",
  shipping: "0.00",
  battles: "0.00",
};
const pendingDeposit: Deposit = {
  id: "cmf3k2x7a0001pp01dep00001",
  status: "pending",
  amount: "25.00",
  currency: "USD",
  checkoutUrl: "https://btcpay.example.com/i/7Xh2bQkL9pRt4mWz",
  expiresAt: "2026-11-23T12:15:00.000Z",
  createdAt: at("12:00:00"),
  settledAt: null,
};
const settledDeposit: Deposit = { ...pendingDeposit, status: "settled", settledAt: at("12:04:10") };

const requestedWithdrawal: Withdrawal = {
  id: "cmf3k2x7a0001pp01wdr00001",
  state: "requested",
  amount: "40.00",
  currency: "USD",
  payoutMethodId: "BTC-CHAIN",
  address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
  reason: null,
  createdAt: at("12:06:00"),
  decidedAt: null,
  completedAt: null,
};
const approvedWithdrawal: Withdrawal = { ...requestedWithdrawal, state: "approved", decidedAt: at("12:07:00") };
const completedWithdrawal: Withdrawal = { ...approvedWithdrawal, state: "completed", completedAt: at("12:09:00") };
const rejectedWithdrawal: Withdrawal = {
  ...requestedWithdrawal,
  state: "rejected",
  reason: "The destination belongs to a sanctioned service.",
  decidedAt: at("12:07:00"),
};
const failedWithdrawal: Withdrawal = { ...approvedWithdrawal, state: "failed", reason: "the payout was cancelled at the payment server" };
const address: Address = {
  id: "cmf3k2x7a0001pp01adr00001",
  name: "Jane Doe",
  line1: "1 Main St",
  line2: null,
  city: "Springfield",
  region: "IL",
  postalCode: "62701",
  country: "US",
  phone: "+1 555 0100",
  createdAt: at("12:06:00"),
};
const { id: _addressId, createdAt: _addressCreatedAt, ...shippedTo } = address;
const shipmentData: ShipmentEventData = {
  id: "cmf3k2x7a0001pp01shp00001",
  state: "REQUESTED",
  fee: "9.99",
  country: "US",
  addressId: address.id,
  items: [{ id: "cmf3k2x7a0001pp01item0002", name: "Wireless Earbuds", value: "24.00" }],
  carrier: null,
  trackingNumber: null,
  trackingUrl: null,
  reason: null,
  createdAt: at("12:07:00"),
  updatedAt: at("12:07:00"),
};
const shipment: Shipment = { ...shipmentData, address: shippedTo };
const shipmentEvent = (id: string, type: string, data: ShipmentEventData) => ({ id, type, createdAt: data.updatedAt, data });

/** The 200 example of each operation, by operationId without its family ("packs-", "boxes-"). */

// A settled 1v1 battle of two Budget Tech Drops against a house bot, as GET /v1/battles/{id}
// answers it: real battle/v1 values (verifyBattle accepts them; openapi.test.ts checks), a tie
// of 4.98 each broken by G. The beacon round is illustrative (randomness = sha256(signature)).
const battleOdds = packDetail.items.map(({ id, ticketFrom, ticketTo, value }) => ({ itemId: id, ticketFrom, ticketTo, value }));
export const settledBattleExample: Battle = {
  id: "cmic4a1bt0001pp3kbtl00001",
  status: "settled",
  layout: "1v1",
  winRule: "highest",
  terminal: false,
  entry: "9.98",
  commitment: "a8f90a9e7e6061717d08ebde5025a56750d7e7b773c7ab48ca0bfaf763763675",
  spec: '{"beacon":{"chainHash":"52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971","genesisTime":1692803367,"period":3},"commitment":"a8f90a9e7e6061717d08ebde5025a56750d7e7b773c7ab48ca0bfaf763763675","id":"cmic4a1bt0001pp3kbtl00001","layout":"1v1","rounds":[{"oddsHash":"e5cfbeaba4732a8b0a83a79ab030433dd2d954980abefbf3f0ce5ff1200a01cc","oddsVersion":1,"packId":"cmic2x9rq0002pp3kbudgetdr"},{"oddsHash":"e5cfbeaba4732a8b0a83a79ab030433dd2d954980abefbf3f0ce5ff1200a01cc","oddsVersion":1,"packId":"cmic2x9rq0002pp3kbudgetdr"}],"terminal":false,"winRule":"highest"}',
  specHash: "d170259950b17710fce8043596486b5a0d1221736ce938c91d42b098fe6bcfff",
  serverSeed: "4e1f9a7c2b8d3e6f0a5c9b2d7e4f1a8c3b6d9e2f5a8c1b4d7e0f3a6c9b2d5e8f",
  lockKey: "6a376def5301e7845b11b6299a88fa488551d24f691189dc0dfd287d5a3c8cd4",
  beacon: {
    kind: "drand",
    round: 21468350,
    randomness: "2dd5149db600dc63a98df88d9cf73519b1549d59de19da54b485595817a0e417",
    signature: "a1b2c3d4a1b2c3d4a1b2c3d4a1b2c3d4a1b2c3d4a1b2c3d4a1b2c3d4a1b2c3d4a1b2c3d4a1b2c3d4a1b2c3d4a1b2c3d4",
  },
  seats: [
    { seat: 0, team: 0, clientSeed: "my-bot-seed-2026-11-23", bot: false, player: "J***", you: true },
    { seat: 1, team: 1, clientSeed: "bot-1", bot: true, player: null, you: false },
  ],
  rounds: [
    {
      round: 1,
      packId: "cmic2x9rq0002pp3kbudgetdr",
      oddsVersion: 1,
      oddsHash: "e5cfbeaba4732a8b0a83a79ab030433dd2d954980abefbf3f0ce5ff1200a01cc",
      price: "4.99",
      odds: battleOdds,
      draws: [
        {
          seat: 0,
          hash: "7a27aafe1c9987d594762126a6533fca9dc8d07b952fe1a2d45c812587bfdf49",
          ticket: 47717,
          itemId: "cmic2x9rq0017pp3kscreencl",
          value: "2.49",
        },
        {
          seat: 1,
          hash: "a3188c73a59ca3ea5b27b53cba01752a5e232c1f0123d33b2b56f6f8c2715a6c",
          ticket: 63710,
          itemId: "cmic2x9rq0017pp3kscreencl",
          value: "2.49",
        },
      ],
    },
    {
      round: 2,
      packId: "cmic2x9rq0002pp3kbudgetdr",
      oddsVersion: 1,
      oddsHash: "e5cfbeaba4732a8b0a83a79ab030433dd2d954980abefbf3f0ce5ff1200a01cc",
      price: "4.99",
      odds: battleOdds,
      draws: [
        {
          seat: 0,
          hash: "7326bf25fb8b51ed63f9e4178847657c5e226036c2e63dc0035e0d3ac0e44194",
          ticket: 44981,
          itemId: "cmic2x9rq0017pp3kscreencl",
          value: "2.49",
        },
        {
          seat: 1,
          hash: "723082fd8bc40aea316b630b71482ad882e846506dc1cdbc291b4a8a8655fe6e",
          ticket: 44606,
          itemId: "cmic2x9rq0017pp3kscreencl",
          value: "2.49",
        },
      ],
    },
  ],
  totals: ["4.98", "4.98"],
  winnerTeam: 0,
  payouts: [
    {
      seat: 0,
      value: "9.96",
      items: [
        { round: 1, seat: 0, itemId: "cmic2x9rq0017pp3kscreencl", value: "2.49" },
        { round: 1, seat: 1, itemId: "cmic2x9rq0017pp3kscreencl", value: "2.49" },
        { round: 2, seat: 0, itemId: "cmic2x9rq0017pp3kscreencl", value: "2.49" },
        { round: 2, seat: 1, itemId: "cmic2x9rq0017pp3kscreencl", value: "2.49" },
      ],
    },
  ],
  createdAt: at("12:10:00"),
  lockedAt: at("12:10:05"),
  settledAt: at("12:10:14"),
  cancelledAt: null,
  leafIndex: 44,
};
const openBattleExample: Battle = {
  ...settledBattleExample,
  status: "open",
  serverSeed: null,
  lockKey: null,
  beacon: { kind: "drand", round: null, randomness: null, signature: null },
  seats: [settledBattleExample.seats[0]!],
  rounds: settledBattleExample.rounds.map((round) => ({ ...round, draws: [] })),
  totals: null,
  winnerTeam: null,
  payouts: null,
  lockedAt: null,
  settledAt: null,
  leafIndex: null,
};
const lockedBattleExample: Battle = {
  ...openBattleExample,
  status: "locked",
  lockKey: settledBattleExample.lockKey,
  beacon: { kind: "drand", round: 21468350, randomness: null, signature: null },
  seats: settledBattleExample.seats,
  lockedAt: at("12:10:05"),
};
const battleEvent = (id: string, type: string, data: Battle) => ({
  id,
  type,
  createdAt: at("12:10:05"),
  data: { ...data, seats: data.seats.map((seat) => ({ ...seat, you: false })) },
});

// The example opening as its transparency-log leaf (RFC 8785), and a head signed with a throwaway key.
const transparencyLeaf = canonicalLeaf({
  kind: "open",
  id: spinId,
  createdAt: at("12:00:00"),
  serverSeedHash: exampleSeeds.serverSeedHash,
  clientSeed: exampleSeeds.clientSeed,
  nonce: draw.nonce,
  oddsHash: packDetail.oddsHash,
  hash: draw.hash,
  ticket: draw.result,
  itemId: wonItem.id,
  value: wonItem.value,
});
const transparencyHead = {
  treeSize: 42,
  timestamp: 1795435210000,
  rootHash: "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
  signature:
    "cddfaa1eb3eb4d96c4f218b63226cda9c84cb8b63e9fcc4123654e10f2f669f012ef34484ed31121df886a0e4201d37c56047122b866e8dfb1a7a3376892690a",
  publicKey: "43046bfe4092b3e94994eada15dcc20d8aaa07b658fd3954eb8e0efb8bdca5de",
  nextKey: null,
};

/** Each /v1 procedure's success example, by its path in the router: checked against what the procedure answers. */
/** GET and POST /v1/me/referral answer alike: the code entered, its welcome reward waiting for a deposit. */
const referralStatusExample: ReferralStatus = {
  offered: true,
  referral: {
    code: "ACME-7",
    createdAt: at("09:30:00"),
    welcome: {
      pack: { id: "cmf3k2x7a0001pp01pack0001", slug: "starter-pack", name: "Starter Pack", image: "/images/packs/starter.svg" },
      openings: 3,
      claimable: false,
      claimedAt: null,
      waitsFor: "deposit",
    },
  },
  canEnter: false,
  enterBefore: null,
};

export const successExamples: { [Path in ProcedurePath]?: OutputOf<Path> } = {
  "packs.list": [packSummary],
  "packs.get": packDetail,
  "packs.open": openResultExample,
  "boxes.list": [packSummary],
  "boxes.get": packDetail,
  "boxes.open": openResultExample,
  "me.get": account,
  "me.limits.get": playerProtection,
  "me.limits.set": setLimitResult,
  "me.statements.get": monthlyStatement,
  "me.verification.get": verification,
  "me.prompts.get": licencePrompts,
  "me.prompts.acknowledgeSaferPlay": licencePrompts,
  "me.prompts.answerDepositLimit": {
    prompts: licencePrompts,
    limit: {
      applied: { kind: "deposit", period: "week", amount: "100.00", used: "0.00", remaining: "100.00", oldestCountsUntil: null },
      pending: null,
    },
  },
  "fairness.get": fairnessState,
  "fairness.rotate": rotateResultExample,
  "fairness.seed": { serverSeedHash: exampleSeeds.serverSeedHash, serverSeed: exampleSeeds.serverSeed, revealedAt: at("10:15:00") },
  "fairness.odds": {
    oddsHash: packDetail.oddsHash,
    ranges: packDetail.items.map(({ id, ticketFrom, ticketTo }) => ({ itemId: id, ticketFrom, ticketTo })),
  },
  "inventory.list": inventoryPage,
  "inventory.groups": inventoryGroups,
  "inventory.sell": sellResultExample,
  "history.list": historyPage,
  // Three openings (14.97) and a battle (entry 9.98) lost.
  "history.summary": { openings: 3, battles: 1, paid: "24.95", won: "11.49", net: "-13.46" } satisfies HistorySummary,
  "wallet.get": wallet,
  "wallet.ledger": ledgerPage,
  "deposits.create": pendingDeposit,
  "deposits.list": { deposits: [settledDeposit], nextCursor: null },
  "deposits.get": settledDeposit,
  "withdrawals.create": requestedWithdrawal,
  "withdrawals.list": { withdrawals: [completedWithdrawal], nextCursor: null },
  "withdrawals.get": completedWithdrawal,
  "shipments.create": shipment,
  "shipments.list": { shipments: [shipment], nextCursor: null },
  "shipments.get": shipment,
  "shipments.cancel": { ...shipment, state: "CANCELLED", updatedAt: at("12:08:00") },
  "shipments.quote": { country: "US", fee: "9.99" },
  "addresses.create": address,
  "addresses.list": { addresses: [address] },
  "addresses.delete": { deleted: true },
  "battles.list": { battles: [openBattleExample] },
  "battles.create": openBattleExample,
  "battles.join": lockedBattleExample,
  "battles.bots": lockedBattleExample,
  "battles.leave": { ...openBattleExample, status: "cancelled", cancelledAt: at("12:11:00") },
  "battles.get": settledBattleExample,
  "upgrades.targets": { targets: [upgradeTarget], nextCursor: null },
  "upgrades.quote": upgradeQuote,
  "upgrades.create": upgradeResultExample,
  "upgrades.list": { upgrades: [upgradeEntry], nextCursor: null },
  "upgrades.get": upgradeEntry,
  "exchanges.create": exchangeResultExample,
  "transparency.key": {
    algorithm: "Ed25519",
    publicKey: transparencyHead.publicKey,
    signs:
      'The RFC 8785 canonical JSON of { "rootHash", "timestamp", "treeSize" } (root as lower-case hex, timestamp in milliseconds since the epoch).',
  },
  "transparency.head": transparencyHead,
  "transparency.heads": { heads: [transparencyHead], nextCursor: null },
  "transparency.leaves": { leaves: [{ leafIndex: 41, kind: "open", id: spinId, leaf: transparencyLeaf }] },
  "transparency.inclusion": {
    kind: "open",
    id: spinId,
    leafIndex: 41,
    treeSize: 42,
    leaf: transparencyLeaf,
    leafHash: leafHashHex(transparencyLeaf),
    auditPath: [
      "3b8f2c1a9d0e4f5a6b7c8d9e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c",
      "8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a09f",
    ],
  },
  "transparency.consistency": {
    first: 40,
    second: 42,
    consistencyPath: [
      "0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a",
      "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
    ],
  },
  "rewards.get": {
    offered: true,
    refusal: null,
    level: 2,
    xp: 30_000,
    wagered: "300.00",
    nextLevel: { level: 3, threshold: "400.00", remaining: "100.00" },
    rakeback: { enabled: true, rateBps: 553, available: "1.09", accrued: "1.09", claimed: "0.00" },
    dailyCase: {
      enabled: true,
      pack: { id: "cmf3k2x7a0001pp01pack0001", slug: "starter-pack", name: "Starter Pack", image: "/images/packs/starter.svg" },
      nextAt: null,
      eligible: true,
      requirements: { emailVerified: true, ageConfirmed: true, wagered7d: "300.00", minWager7d: "10.00" },
    },
    levels: [
      { level: 0, threshold: "0.00", rakebackBps: 0, dailyPack: null },
      { level: 1, threshold: "100.00", rakebackBps: 500, dailyPack: null },
      {
        level: 2,
        threshold: "200.00",
        rakebackBps: 553,
        dailyPack: { id: "cmf3k2x7a0001pp01pack0001", slug: "starter-pack", name: "Starter Pack" },
      },
    ],
  },
  "rewards.claimRakeback": {
    claim: {
      id: "cmf3k2x7a0001pp01rwcl0001",
      source: "rakeback",
      amount: "1.09",
      ledgerEntryId: "cmf3k2x7a0001pp01ldgr0042",
      createdAt: at("12:09:00"),
    },
    balanceAfter: 101.09,
  },
  "rewards.openDaily": {
    ...openResultExample,
    claim: { id: "cmf3k2x7a0001pp01rwcl0002", source: "daily", cost: "4.99", createdAt: at("12:00:00") },
    nextAt: "2026-11-24T12:00:00.000Z",
  },
  "promoCodes.redeem": {
    redemption: { id: "cmf3k2x7a0001pp01prmr0001", code: "WELCOME-5", createdAt: at("12:10:00") },
    cash: {
      claim: {
        id: "cmf3k2x7a0001pp01rwcl0003",
        source: "promo",
        amount: "5.00",
        ledgerEntryId: "cmf3k2x7a0001pp01ldgr0043",
        createdAt: at("12:10:00"),
      },
      balanceAfter: 105.0,
    },
    openings: [],
  },
  "affiliate.get": {
    offered: true,
    refusal: null,
    enabled: true,
    canCreate: false,
    code: { id: "cmf3k2x7a0001pp01crcd0001", code: "ACME-7", disabled: false, createdAt: at("09:00:00") },
    commissionBps: 1000,
    commissionDays: 90,
    referrals: {
      count: 12,
      earning: 11,
      active: 7,
      deposits: [
        { bucket: "none", count: 3 },
        { bucket: "under 50", count: 5 },
        { bucket: "50 to 250", count: 3 },
        { bucket: "250 to 1000", count: 1 },
        { bucket: "1000 and over", count: 0 },
      ],
    },
    commission: { available: "3.12", accrued: "15.40", claimed: "12.28" },
    claims: [{ id: "cmf3k2x7a0001pp01rwcl0004", amount: "12.28", createdAt: at("11:00:00") }],
  },
  "affiliate.createCode": { id: "cmf3k2x7a0001pp01crcd0001", code: "ACME-7", disabled: false, createdAt: at("09:00:00") },
  "affiliate.claim": {
    claim: {
      id: "cmf3k2x7a0001pp01rwcl0005",
      source: "commission",
      amount: "3.12",
      ledgerEntryId: "cmf3k2x7a0001pp01ldgr0044",
      createdAt: at("12:11:00"),
    },
    balanceAfter: 103.12,
  },
  "me.referral.get": referralStatusExample,
  "me.referral.enter": referralStatusExample,
  "me.referral.welcome": { openings: [openResultExample] },
};

export const eventExamples = {
  "level.reached": { id: "18360", type: "level.reached", createdAt: at("12:00:00"), data: { level: 4, previousLevel: 3, xp: 80_150 } },
  "reward.claimed": {
    id: "18361",
    type: "reward.claimed",
    createdAt: at("12:09:00"),
    data: { id: "cmf3k2x7a0001pp01rwcl0001", source: "rakeback", amount: "1.27" },
  },
  "upgrade.completed": { id: "18348", type: "upgrade.completed", createdAt: at("12:02:00"), data: upgradeResultExample },
  "exchange.completed": { id: "18349", type: "exchange.completed", createdAt: at("12:03:00"), data: exchangeResultExample },
  "open.completed": { id: "18342", type: "open.completed", createdAt: at("12:00:00"), data: openResultExample },
  "item.sold": {
    id: "18344",
    type: "item.sold",
    createdAt: at("12:01:10"),
    data: { sold: sellResultExample.sold, total: "4.50", balanceAfter: 99.51 },
  },
  "wallet.changed": {
    id: "18343",
    type: "wallet.changed",
    createdAt: at("12:00:00"),
    data: { balance: 95.01, balanceString: "95.01", amount: "-4.99", reason: "PACK_OPEN", spinId },
  },
  "seed.rotated": { id: "18346", type: "seed.rotated", createdAt: at("12:02:30"), data: rotateResultExample },
  "deposit.settled": { id: "18348", type: "deposit.settled", createdAt: at("12:04:10"), data: settledDeposit },
  "withdrawal.requested": { id: "18349", type: "withdrawal.requested", createdAt: at("12:06:00"), data: requestedWithdrawal },
  "withdrawal.approved": { id: "18350", type: "withdrawal.approved", createdAt: at("12:07:00"), data: approvedWithdrawal },
  "withdrawal.completed": { id: "18351", type: "withdrawal.completed", createdAt: at("12:09:00"), data: completedWithdrawal },
  "withdrawal.rejected": { id: "18352", type: "withdrawal.rejected", createdAt: at("12:07:00"), data: rejectedWithdrawal },
  "withdrawal.failed": { id: "18353", type: "withdrawal.failed", createdAt: at("12:09:00"), data: failedWithdrawal },
  "shipment.requested": shipmentEvent("18350", "shipment.requested", shipmentData),
  "shipment.approved": shipmentEvent("18352", "shipment.approved", { ...shipmentData, state: "APPROVED", updatedAt: at("13:00:00") }),
  "shipment.shipped": shipmentEvent("18353", "shipment.shipped", {
    ...shipmentData,
    state: "SHIPPED",
    carrier: "UPS",
    trackingNumber: "1Z999AA10123456784",
    trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
    updatedAt: at("14:00:00"),
  }),
  "shipment.delivered": shipmentEvent("18354", "shipment.delivered", {
    ...shipmentData,
    state: "DELIVERED",
    carrier: "UPS",
    trackingNumber: "1Z999AA10123456784",
    trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
    updatedAt: at("18:00:00"),
  }),
  "shipment.rejected": shipmentEvent("18355", "shipment.rejected", {
    ...shipmentData,
    state: "REJECTED",
    reason: "Out of stock",
    updatedAt: at("13:00:00"),
  }),
  "shipment.cancelled": shipmentEvent("18356", "shipment.cancelled", { ...shipmentData, state: "CANCELLED", updatedAt: at("12:08:00") }),
  "shipment.returned": shipmentEvent("18357", "shipment.returned", {
    ...shipmentData,
    state: "RETURNED",
    carrier: "UPS",
    trackingNumber: "1Z999AA10123456784",
    trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
    updatedAt: at("18:00:00"),
  }),
  "battle.joined": battleEvent("18360", "battle.joined", openBattleExample),
  "battle.locked": battleEvent("18361", "battle.locked", lockedBattleExample),
  "battle.settled": battleEvent("18362", "battle.settled", settledBattleExample),
  "battle.cancelled": battleEvent("18363", "battle.cancelled", { ...openBattleExample, status: "cancelled", cancelledAt: at("12:11:00") }),
  "verification.changed": {
    id: "18364",
    type: "verification.changed",
    createdAt: at("12:20:00"),
    data: {
      status: "pending",
      requiredFor: ["withdrawal"],
      requirements: [
        {
          requiredFor: "withdrawal",
          reason: "withdrawal",
          message: "Withdrawals need a verified identity. Your documents are being reviewed; you will hear from us when it is done.",
          threshold: null,
        },
      ],
      reason: null,
      rejectLabels: [],
      demo: false,
      updatedAt: at("12:20:00"),
    },
  },
  "key.revoked": {
    id: "18347",
    type: "key.revoked",
    createdAt: at("12:05:00"),
    data: { id: "cmic3d0fb0001pp3kkey00001", name: "trading bot", start: "pp_live_AbCd", revokedAt: at("12:05:00") },
  },
} as const;

export const dropExample = {
  id: "18342",
  at: at("12:00:00"),
  player: "J***",
  level: 4,
  pack: { id: pack.id, slug: pack.slug, name: pack.name, price: pack.price },
  item: wonItem,
  kind: "open",
};

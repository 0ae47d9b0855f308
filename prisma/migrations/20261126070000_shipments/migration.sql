-- Prizes shipped: saved addresses, shipping zones, shipments of won items, their fees and refunds.

ALTER TYPE "LedgerKind" ADD VALUE 'SHIPPING_FEE';
ALTER TYPE "LedgerKind" ADD VALUE 'SHIPPING_REFUND';
ALTER TYPE "InventoryStatus" ADD VALUE 'REDEEMING';
ALTER TYPE "InventoryStatus" ADD VALUE 'SHIPPED';

CREATE TYPE "ShipmentState" AS ENUM ('REQUESTED', 'APPROVED', 'SHIPPED', 'DELIVERED', 'REJECTED', 'CANCELLED', 'RETURNED');

-- Digital goods (or the operator's choice) can only be sold back.
ALTER TABLE "pack_item" ADD COLUMN "ships" BOOLEAN NOT NULL DEFAULT true;

CREATE TABLE "address" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "line1" TEXT NOT NULL,
    "line2" TEXT,
    "city" TEXT NOT NULL,
    "region" TEXT,
    "postalCode" TEXT,
    "country" TEXT NOT NULL,
    "phone" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deletedAt" TIMESTAMP(3),
    "erasedAt" TIMESTAMP(3),

    CONSTRAINT "address_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "address_country_check" CHECK ("country" ~ '^[A-Z]{2}$')
);
CREATE INDEX "address_userId_createdAt_idx" ON "address"("userId", "createdAt");
ALTER TABLE "address" ADD CONSTRAINT "address_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- country '*' is the default zone, for every country without its own row.
CREATE TABLE "shipping_zone" (
    "country" TEXT NOT NULL,
    "fee" DECIMAL(14,2) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "shipping_zone_pkey" PRIMARY KEY ("country"),
    CONSTRAINT "shipping_zone_country_check" CHECK ("country" ~ '^([A-Z]{2}|\*)$'),
    CONSTRAINT "shipping_zone_fee_check" CHECK ("fee" >= 0)
);
-- A fresh install can ship: a default zone at a flat 9.99 (the operator changes it in the console).
INSERT INTO "shipping_zone" ("country", "fee") VALUES ('*', 9.99);

CREATE TABLE "shipment" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "addressId" TEXT NOT NULL,
    "addressSnapshot" JSONB NOT NULL,
    "country" TEXT NOT NULL,
    "fee" DECIMAL(14,2) NOT NULL,
    "state" "ShipmentState" NOT NULL DEFAULT 'REQUESTED',
    "carrier" TEXT,
    "trackingNumber" TEXT,
    "reason" TEXT,
    "idempotencyKey" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "approvedAt" TIMESTAMP(3),
    "shippedAt" TIMESTAMP(3),
    "deliveredAt" TIMESTAMP(3),
    "closedAt" TIMESTAMP(3),

    CONSTRAINT "shipment_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "shipment_fee_check" CHECK ("fee" >= 0),
    CONSTRAINT "shipment_shipped_check" CHECK ("state" NOT IN ('SHIPPED', 'DELIVERED') OR ("carrier" IS NOT NULL AND "trackingNumber" IS NOT NULL AND "shippedAt" IS NOT NULL))
);
CREATE UNIQUE INDEX "shipment_userId_idempotencyKey_key" ON "shipment"("userId", "idempotencyKey");
CREATE INDEX "shipment_userId_createdAt_idx" ON "shipment"("userId", "createdAt");
CREATE INDEX "shipment_state_createdAt_idx" ON "shipment"("state", "createdAt");
ALTER TABLE "shipment" ADD CONSTRAINT "shipment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "shipment" ADD CONSTRAINT "shipment_addressId_fkey" FOREIGN KEY ("addressId") REFERENCES "address"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "shipment_item" (
    "shipmentId" TEXT NOT NULL,
    "inventoryItemId" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "shipment_item_pkey" PRIMARY KEY ("shipmentId", "inventoryItemId")
);
CREATE INDEX "shipment_item_inventoryItemId_idx" ON "shipment_item"("inventoryItemId");
-- An item is in at most one active shipment (requested, approved, shipped or delivered).
CREATE UNIQUE INDEX "shipment_item_active_key" ON "shipment_item"("inventoryItemId") WHERE "active";
ALTER TABLE "shipment_item" ADD CONSTRAINT "shipment_item_shipmentId_fkey" FOREIGN KEY ("shipmentId") REFERENCES "shipment"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "shipment_item" ADD CONSTRAINT "shipment_item_inventoryItemId_fkey" FOREIGN KEY ("inventoryItemId") REFERENCES "inventory_item"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A shipment's fee is debited once and refunded at most once.
ALTER TABLE "ledger_entry" ADD COLUMN "shipmentId" TEXT;
CREATE UNIQUE INDEX "ledger_entry_shipmentId_kind_key" ON "ledger_entry"("shipmentId", "kind");
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_shipmentId_fkey" FOREIGN KEY ("shipmentId") REFERENCES "shipment"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

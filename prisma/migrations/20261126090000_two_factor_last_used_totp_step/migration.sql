-- The last TOTP time step (Unix time / 30 s) a second-factor check before money out accepted:
-- a code is used once, so a code whose step is not newer than this one is refused.
-- AlterTable
ALTER TABLE "two_factor" ADD COLUMN "lastUsedTotpStep" INTEGER;

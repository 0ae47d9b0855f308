-- CreateIndex
CREATE INDEX "seed_pair_serverSeedHash_idx" ON "seed_pair"("serverSeedHash");

-- CreateIndex
CREATE INDEX "odds_version_oddsHash_idx" ON "odds_version"("oddsHash");

-- CreateIndex
CREATE INDEX "battle_commitment_idx" ON "battle"("commitment");


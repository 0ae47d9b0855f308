-- The wallets of checks refused for good (and of operators' requests holding play) made before
-- 20261129035404_kyc_enforcement's triggers: marked protected, so paid_play's check-free path
-- asks verification_refusal for them too.
UPDATE wallet w SET "hasProtection" = true
FROM account_verification v
WHERE v."userId" = w."userId" AND v.status = 'rejected' AND NOT w."hasProtection";

UPDATE wallet w SET "hasProtection" = true
FROM verification_request r
WHERE r."userId" = w."userId" AND r."blocksPlay" AND NOT w."hasProtection";

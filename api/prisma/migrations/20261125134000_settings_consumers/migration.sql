-- Platform settings in use (issue 9): an offer keeps the format fee it was opened with, whatever
-- the admin sets later. Offers before this migration were opened with the default fees
-- (MP3 200, WAV 400 basis points: rules/src/fees.ts FORMAT_FEE_BPS, LoopMarketplace.offerFee).
ALTER TABLE "app"."negotiations" ADD COLUMN "fee_bps" INTEGER;
UPDATE "app"."negotiations" SET "fee_bps" = CASE WHEN "format" = 'wav' THEN 400 ELSE 200 END;
ALTER TABLE "app"."negotiations" ALTER COLUMN "fee_bps" SET NOT NULL;
ALTER TABLE "app"."negotiations" ADD CONSTRAINT "negotiations_fee_bps_check" CHECK ("fee_bps" BETWEEN 0 AND 5000);

-- The minimum withdrawal is the admin's setting (platform_settings.min_withdrawal_units, checked by
-- the API when a withdrawal is requested): the table keeps only "more than nothing", so a lowered
-- minimum takes effect and rows requested under a higher one stay valid.
ALTER TABLE "app"."withdrawals" DROP CONSTRAINT "withdrawals_amount_check";
ALTER TABLE "app"."withdrawals" ADD CONSTRAINT "withdrawals_amount_check" CHECK ("amount" > 0);

-- The largest price impact a wallet swap for LOOP may have (issue 40): a quote above it is refused
-- before the wallet opens. Basis points; default 500 (5%), from 1 (0.01%) to 5000 (50%).
ALTER TABLE "app"."platform_settings" ADD COLUMN "max_price_impact_bps" INTEGER NOT NULL DEFAULT 500;
ALTER TABLE "app"."platform_settings" ADD CONSTRAINT "platform_settings_max_price_impact_check" CHECK ("max_price_impact_bps" BETWEEN 1 AND 5000);

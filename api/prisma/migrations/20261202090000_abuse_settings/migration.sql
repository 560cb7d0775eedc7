-- Platform settings against abuse (issue 35): the smallest wallet offer the app answers, the
-- smallest price an upload reward needs, and how long the card and PayPal proceeds of a seller
-- without a history are held (the history: completed fiat sales older than the chargeback window).

-- US cents; default $0.50. A wallet offer below it is ignored (its buyer reclaims it after expiry);
-- an in-app offer below it is refused.
ALTER TABLE "app"."platform_settings" ADD COLUMN "min_offer_cents" INTEGER NOT NULL DEFAULT 50;
ALTER TABLE "app"."platform_settings" ADD CONSTRAINT "platform_settings_min_offer_check" CHECK ("min_offer_cents" BETWEEN 1 AND 100000000);
-- US cents; default $1. An upload priced below it earns no upload reward.
ALTER TABLE "app"."platform_settings" ADD COLUMN "upload_reward_min_price_cents" INTEGER NOT NULL DEFAULT 100;
ALTER TABLE "app"."platform_settings" ADD CONSTRAINT "platform_settings_upload_reward_min_price_check" CHECK ("upload_reward_min_price_cents" BETWEEN 0 AND 100000000);
-- Days a new seller's fiat proceeds are held (default 30, at most 180), until they have the history.
ALTER TABLE "app"."platform_settings" ADD COLUMN "new_seller_hold_days" INTEGER NOT NULL DEFAULT 30;
ALTER TABLE "app"."platform_settings" ADD CONSTRAINT "platform_settings_new_seller_hold_days_check" CHECK ("new_seller_hold_days" BETWEEN 0 AND 180);
-- Completed fiat sales older than the chargeback window a seller needs to get the normal hold (default 3; 0: everyone has it).
ALTER TABLE "app"."platform_settings" ADD COLUMN "trusted_seller_sales" INTEGER NOT NULL DEFAULT 3;
ALTER TABLE "app"."platform_settings" ADD CONSTRAINT "platform_settings_trusted_seller_sales_check" CHECK ("trusted_seller_sales" BETWEEN 0 AND 1000);

-- Paying for a loop with PayPal or a card (issue 7, docs/product.md#purchases). A checkout is what the server priced
-- and asked the provider to charge (a PayPal order or a Stripe PaymentIntent). It is completed
-- once, in the transaction that records the purchase, after the provider said the payment
-- completed for exactly price + fee in USD; a payment for a loop the buyer owns by then is refunded.
CREATE TABLE "app"."checkouts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "provider" TEXT NOT NULL,
    "provider_ref" TEXT,
    "buyer_id" UUID NOT NULL,
    "loop_id" UUID NOT NULL,
    "format" "app"."delivery_format" NOT NULL,
    "price_cents" INTEGER NOT NULL,
    "fee_cents" INTEGER NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "status" TEXT NOT NULL DEFAULT 'open',
    "payment_ref" TEXT,
    "failure_reason" TEXT,
    "purchase_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "checkouts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "checkouts_provider_check" CHECK ("provider" IN ('paypal', 'stripe')),
    CONSTRAINT "checkouts_status_check" CHECK ("status" IN ('open', 'pending', 'completed', 'failed', 'refunded')),
    CONSTRAINT "checkouts_amounts_check" CHECK ("price_cents" > 0 AND "fee_cents" >= 0 AND "currency" = 'USD'),
    CONSTRAINT "checkouts_completed_check" CHECK (("status" = 'completed') = ("purchase_id" IS NOT NULL))
);

CREATE UNIQUE INDEX "checkouts_provider_provider_ref_key" ON "app"."checkouts"("provider", "provider_ref");
CREATE UNIQUE INDEX "checkouts_purchase_id_key" ON "app"."checkouts"("purchase_id");
CREATE INDEX "checkouts_buyer_id_loop_id_format_idx" ON "app"."checkouts"("buyer_id", "loop_id", "format", "created_at" DESC);

ALTER TABLE "app"."checkouts" ADD CONSTRAINT "checkouts_buyer_id_fkey" FOREIGN KEY ("buyer_id") REFERENCES "app"."users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "app"."checkouts" ADD CONSTRAINT "checkouts_loop_id_fkey" FOREIGN KEY ("loop_id") REFERENCES "app"."loops"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "app"."checkouts" ADD CONSTRAINT "checkouts_purchase_id_fkey" FOREIGN KEY ("purchase_id") REFERENCES "app"."purchases"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- The Stripe customer of a user (saved cards are attached to it).
CREATE TABLE "app"."stripe_customers" (
    "user_id" UUID NOT NULL,
    "customer_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "stripe_customers_pkey" PRIMARY KEY ("user_id")
);
CREATE UNIQUE INDEX "stripe_customers_customer_id_key" ON "app"."stripe_customers"("customer_id");
ALTER TABLE "app"."stripe_customers" ADD CONSTRAINT "stripe_customers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Saved cards (Settings → Payment Methods): the details are Stripe's, read when the card is added.
CREATE TABLE "app"."payment_methods" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "stripe_payment_method_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "brand" TEXT NOT NULL,
    "last4" TEXT NOT NULL,
    "exp_month" INTEGER NOT NULL,
    "exp_year" INTEGER NOT NULL,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "payment_methods_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "payment_methods_stripe_payment_method_id_key" ON "app"."payment_methods"("stripe_payment_method_id");
CREATE INDEX "payment_methods_user_id_created_at_idx" ON "app"."payment_methods"("user_id", "created_at" DESC);
-- One default card per user, whatever requests race.
CREATE UNIQUE INDEX "payment_methods_one_default_key" ON "app"."payment_methods"("user_id") WHERE "is_default";
ALTER TABLE "app"."payment_methods" ADD CONSTRAINT "payment_methods_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

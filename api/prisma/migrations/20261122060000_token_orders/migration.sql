-- Token orders (a user buys LOOP from an admin, paid outside the app) and in-app notifications.
-- A fulfilled order is credited once by a ledger entry with key 'token-order:<id>:fulfil'.
-- Amounts: requested_amount in ledger units (10^-8 LOOP), usd_cents in US cents.

-- CreateTable
CREATE TABLE "app"."token_orders" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "requested_amount" BIGINT NOT NULL,
    "usd_cents" INTEGER NOT NULL,
    "payment_method" TEXT NOT NULL,
    "payment_details" TEXT NOT NULL,
    "message" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "rejection_reason" TEXT,
    "ledger_entry_id" UUID,
    "processed_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processed_at" TIMESTAMPTZ(3),
    CONSTRAINT "token_orders_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "token_orders_amount_check" CHECK ("requested_amount" > 0 AND "usd_cents" > 0),
    CONSTRAINT "token_orders_payment_method_check" CHECK ("payment_method" IN ('paypal', 'bank_transfer', 'crypto', 'revolut', 'skrill')),
    CONSTRAINT "token_orders_status_check" CHECK ("status" IN ('pending', 'fulfilled', 'rejected')),
    -- A processed order says when and by whom; a fulfilled one names its credit; a rejected one its reason.
    CONSTRAINT "token_orders_processed_check" CHECK (("status" = 'pending') = ("processed_at" IS NULL) AND ("status" = 'pending') = ("processed_by" IS NULL)),
    CONSTRAINT "token_orders_fulfilled_check" CHECK (("status" = 'fulfilled') = ("ledger_entry_id" IS NOT NULL)),
    CONSTRAINT "token_orders_rejected_check" CHECK (("status" = 'rejected') = ("rejection_reason" IS NOT NULL))
);
CREATE UNIQUE INDEX "token_orders_ledger_entry_id_key" ON "app"."token_orders"("ledger_entry_id");
CREATE INDEX "token_orders_user_id_created_at_idx" ON "app"."token_orders"("user_id", "created_at" DESC);
CREATE INDEX "token_orders_status_created_at_idx" ON "app"."token_orders"("status", "created_at" DESC);
ALTER TABLE "app"."token_orders" ADD CONSTRAINT "token_orders_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "app"."token_orders" ADD CONSTRAINT "token_orders_processed_by_fkey" FOREIGN KEY ("processed_by") REFERENCES "app"."users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "app"."token_orders" ADD CONSTRAINT "token_orders_ledger_entry_id_fkey" FOREIGN KEY ("ledger_entry_id") REFERENCES "app"."ledger_entries"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- CreateTable
CREATE TABLE "app"."notifications" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "action_url" TEXT,
    "action_text" TEXT,
    "is_read" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "notifications_type_check" CHECK ("type" IN ('info', 'success', 'warning', 'error'))
);
CREATE INDEX "notifications_user_id_created_at_idx" ON "app"."notifications"("user_id", "created_at" DESC);
ALTER TABLE "app"."notifications" ADD CONSTRAINT "notifications_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

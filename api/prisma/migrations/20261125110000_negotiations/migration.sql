-- Offers (issue 8, docs/product.md#offers): a buyer's USD offer on a paid loop and format, its amount plus the
-- format fee held from the buyer's in-app LOOP (hold_id) while it is open (pending or counter).
-- accepted exactly when the sale was recorded (purchase_id); version goes up at every change, so an
-- answer to an offer that changed since it was read is refused.
CREATE TABLE "app"."negotiations" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "loop_id" UUID NOT NULL,
    "buyer_id" UUID NOT NULL,
    "seller_id" UUID NOT NULL,
    "format" "app"."delivery_format" NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "offer_cents" INTEGER NOT NULL,
    "counter_cents" INTEGER,
    "message" TEXT,
    "response_message" TEXT,
    "hold_id" UUID,
    "version" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "purchase_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "negotiations_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "negotiations_status_check" CHECK ("status" IN ('pending', 'counter', 'accepted', 'rejected', 'withdrawn', 'expired')),
    CONSTRAINT "negotiations_amounts_check" CHECK ("offer_cents" > 0 AND ("counter_cents" IS NULL OR "counter_cents" > 0)),
    CONSTRAINT "negotiations_counter_check" CHECK ("status" <> 'counter' OR "counter_cents" IS NOT NULL),
    CONSTRAINT "negotiations_accepted_check" CHECK (("status" = 'accepted') = ("purchase_id" IS NOT NULL)),
    CONSTRAINT "negotiations_parties_check" CHECK ("buyer_id" <> "seller_id")
);

CREATE UNIQUE INDEX "negotiations_hold_id_key" ON "app"."negotiations"("hold_id");
CREATE UNIQUE INDEX "negotiations_purchase_id_key" ON "app"."negotiations"("purchase_id");
-- One open offer per buyer and loop, whatever requests race.
CREATE UNIQUE INDEX "negotiations_open_key" ON "app"."negotiations"("buyer_id", "loop_id") WHERE "status" IN ('pending', 'counter');
CREATE INDEX "negotiations_buyer_id_created_at_idx" ON "app"."negotiations"("buyer_id", "created_at" DESC);
CREATE INDEX "negotiations_seller_id_created_at_idx" ON "app"."negotiations"("seller_id", "created_at" DESC);
CREATE INDEX "negotiations_open_expires_at_idx" ON "app"."negotiations"("expires_at") WHERE "status" IN ('pending', 'counter');

ALTER TABLE "app"."negotiations" ADD CONSTRAINT "negotiations_loop_id_fkey" FOREIGN KEY ("loop_id") REFERENCES "app"."loops"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "app"."negotiations" ADD CONSTRAINT "negotiations_buyer_id_fkey" FOREIGN KEY ("buyer_id") REFERENCES "app"."users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "app"."negotiations" ADD CONSTRAINT "negotiations_seller_id_fkey" FOREIGN KEY ("seller_id") REFERENCES "app"."users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "app"."negotiations" ADD CONSTRAINT "negotiations_hold_id_fkey" FOREIGN KEY ("hold_id") REFERENCES "app"."ledger_holds"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;
ALTER TABLE "app"."negotiations" ADD CONSTRAINT "negotiations_purchase_id_fkey" FOREIGN KEY ("purchase_id") REFERENCES "app"."purchases"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- Levels and XP (docs/product.md#levels): every XP award recorded once per (user, event, key), and every level
-- reward paid once per (user, level) with its ledger entry ('level_reward', issuance → user,
-- idempotency key level-reward:<user id>:<level>). Amounts in ledger units (10^-8 LOOP).

-- CreateTable
CREATE TABLE "app"."xp_events" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "event" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "xp" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "xp_events_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "xp_events_xp_check" CHECK ("xp" > 0),
    CONSTRAINT "xp_events_event_check" CHECK ("event" <> ''),
    CONSTRAINT "xp_events_key_check" CHECK ("key" <> '')
);
CREATE UNIQUE INDEX "xp_events_user_id_event_key_key" ON "app"."xp_events"("user_id", "event", "key");
ALTER TABLE "app"."xp_events" ADD CONSTRAINT "xp_events_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "app"."level_rewards" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "level" INTEGER NOT NULL,
    "tokens_awarded" BIGINT NOT NULL,
    "entry_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "level_rewards_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "level_rewards_level_check" CHECK ("level" >= 2),
    CONSTRAINT "level_rewards_tokens_awarded_check" CHECK ("tokens_awarded" > 0)
);
CREATE UNIQUE INDEX "level_rewards_user_id_level_key" ON "app"."level_rewards"("user_id", "level");
CREATE UNIQUE INDEX "level_rewards_entry_id_key" ON "app"."level_rewards"("entry_id");
CREATE INDEX "level_rewards_user_id_created_at_idx" ON "app"."level_rewards"("user_id", "created_at" DESC);
-- A user with paid rewards is never deleted (like their ledger account).
ALTER TABLE "app"."level_rewards" ADD CONSTRAINT "level_rewards_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "app"."level_rewards" ADD CONSTRAINT "level_rewards_entry_id_fkey" FOREIGN KEY ("entry_id") REFERENCES "app"."ledger_entries"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;


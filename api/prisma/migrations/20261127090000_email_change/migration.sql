-- Issue 22: a member adds or changes the e-mail address of their account by a link mailed to the new
-- address (api/src/features/email-change). Like the sign-in links, only the SHA-256 (hex) of a token
-- is stored; a row names the account that asked and the address it will get. One address per
-- account stays the job of "users_email_key" (checked again when the link is used).

-- CreateTable
CREATE TABLE "app"."email_change_tokens" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "token_hash" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "email_change_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "email_change_tokens_token_hash_key" ON "app"."email_change_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "email_change_tokens_user_id_idx" ON "app"."email_change_tokens"("user_id");

-- CreateIndex
CREATE INDEX "email_change_tokens_expires_at_idx" ON "app"."email_change_tokens"("expires_at");

-- AddForeignKey
ALTER TABLE "app"."email_change_tokens" ADD CONSTRAINT "email_change_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

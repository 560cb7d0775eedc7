-- Issue 9, the admin API: GET /api/admin/users?search= answers one page (newest first, LIMIT) of
-- a user base of 100,000 and more, and the Moderation tab's counts.
-- Newest first: the page without a search is an index scan that stops after LIMIT rows.
CREATE INDEX "users_created_at_id_idx" ON "app"."users"("created_at" DESC, "id" DESC);
-- Search by part of the e-mail (ILIKE '%…%'; the username has its trigram index already) and of the
-- wallet address, compared in lower case (expression index: migration only).
CREATE INDEX "users_email_idx" ON "app"."users" USING GIN ("email" gin_trgm_ops);
CREATE INDEX "wallet_links_address_lower_trgm_idx" ON "app"."wallet_links" USING GIN (lower("address") gin_trgm_ops);
-- The few admins and banned users: counted for the tab, and the admins locked FOR UPDATE before
-- the last-admin check (partial indexes: migration only).
CREATE INDEX "users_admins_idx" ON "app"."users"("id") WHERE "is_admin";
CREATE INDEX "users_banned_idx" ON "app"."users"("id") WHERE "is_banned";
-- The admin's loop list: every loop, newest first, whatever its status.
CREATE INDEX "loops_created_at_id_idx" ON "app"."loops"("created_at" DESC, "id" DESC);
-- The Level Rewards tab's top users: by level, then experience.
CREATE INDEX "users_level_experience_idx" ON "app"."users"("level" DESC, "experience" DESC);

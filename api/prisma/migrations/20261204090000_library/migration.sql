-- The buyer's library (issue 37): a member's free downloads' licences, newest first, as one index
-- range (GET /api/library merges it with the member's purchases').
CREATE INDEX "licences_download_user_idx" ON "app"."licences"("download_user_id", "issued_at" DESC, "id" DESC)
  WHERE "download_user_id" IS NOT NULL;

-- GET /api/users?query= (issue 37): a username's start, case insensitive, as one index range.
CREATE INDEX "users_username_lower_prefix_idx" ON "app"."users"(lower("username") text_pattern_ops);

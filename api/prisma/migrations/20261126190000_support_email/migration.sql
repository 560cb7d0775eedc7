-- The support address (issue 22): where Email Support and the other "contact support" places send
-- members, an admin setting rather than an address built into the web app.
ALTER TABLE "app"."platform_settings" ADD COLUMN "support_email" TEXT NOT NULL DEFAULT 'support@loop.local';
ALTER TABLE "app"."platform_settings" ADD CONSTRAINT "platform_settings_support_email_check" CHECK (char_length("support_email") BETWEEN 3 AND 254 AND "support_email" LIKE '%_@_%');

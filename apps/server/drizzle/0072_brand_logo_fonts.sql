-- A brand's faces ({ body, headings }: each "system" or one of the faces bundled with the site) and its logo (an
-- upload the server re-encoded; null shows the site name as text).
ALTER TABLE "brands" ADD COLUMN "fonts" jsonb DEFAULT '{"body":"system","headings":"system"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "logo_upload_id" uuid;

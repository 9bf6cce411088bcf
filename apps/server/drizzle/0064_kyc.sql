-- Age and identity (issue 26, item 4). The tables belong to the kyc module: members' identity documents, reviewed
-- by staff, and each brand's rule for withdrawals that wait for verification. A member's tier is not stored: it
-- follows from their approved documents (packages/contracts/src/kyc-rules.ts).

-- A brand's rule; a brand without a row uses the defaults (kyc.service.ts: thresholds off, tier basic). Amounts are
-- minor units of the brand's currency; null turns a threshold off.
CREATE TABLE kyc_settings (
  brand_id bigint PRIMARY KEY REFERENCES brands(id),
  required_tier text NOT NULL CHECK (required_tier IN ('basic', 'verified')),
  single_threshold bigint CHECK (single_threshold > 0),
  cumulative_threshold bigint CHECK (cumulative_threshold > 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- A document a member uploaded (the image is an upload of purpose kyc_document) and staff's decision on it.
CREATE TABLE kyc_documents (
  id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  brand_id bigint NOT NULL REFERENCES brands(id),
  member_id bigint NOT NULL REFERENCES members(id),
  kind text NOT NULL CHECK (kind IN ('identity', 'address', 'payment_method')),
  upload_id uuid NOT NULL REFERENCES uploads(id),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reject_reason text,
  review_note text,
  reviewed_by_staff_id bigint,
  reviewed_by text,
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT kyc_documents_reason_check CHECK ((status = 'rejected') = (reject_reason IS NOT NULL)),
  CONSTRAINT kyc_documents_review_check CHECK ((status = 'pending') = (reviewed_at IS NULL))
);
--> statement-breakpoint
-- One document of a kind waits for review at a time; an upload is one document.
CREATE UNIQUE INDEX kyc_documents_pending_kind_key ON kyc_documents (member_id, kind) WHERE status = 'pending';
--> statement-breakpoint
CREATE UNIQUE INDEX kyc_documents_upload_key ON kyc_documents (upload_id);
--> statement-breakpoint
CREATE INDEX kyc_documents_member_idx ON kyc_documents (member_id, id);
--> statement-breakpoint
-- The console's queue (a brand's pending documents, oldest first) and the whole list (newest first).
CREATE INDEX kyc_documents_brand_idx ON kyc_documents (brand_id, id);
--> statement-breakpoint
CREATE INDEX kyc_documents_brand_pending_idx ON kyc_documents (brand_id, id) WHERE status = 'pending';
--> statement-breakpoint
-- A withdrawal above the brand's thresholds, asked for below the tier the brand requires, waits for verification:
-- kyc_required_tier is the tier it needs, kyc_released_at when the member reached it. It keeps its ledger hold
-- throughout and stays pending; staff cannot approve it until it is released.
ALTER TABLE withdrawals ADD COLUMN kyc_required_tier text CHECK (kyc_required_tier IN ('basic', 'verified'));
--> statement-breakpoint
ALTER TABLE withdrawals ADD COLUMN kyc_released_at timestamptz;
--> statement-breakpoint
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_kyc_release_check
  CHECK (kyc_released_at IS NULL OR kyc_required_tier IS NOT NULL);
--> statement-breakpoint
CREATE INDEX withdrawals_brand_awaiting_kyc_idx ON withdrawals (brand_id, id)
  WHERE kyc_required_tier IS NOT NULL AND kyc_released_at IS NULL AND status = 'pending';
--> statement-breakpoint
-- The reviewers' permission (packages/contracts/src/staff-permissions.ts, group "compliance", before aml.review)
-- joins every brand's admin and risk presets as the contracts define them; a role an operator already edited to
-- hold it is left as it is.
UPDATE "staff_roles" SET "permissions" = array_append("permissions", 'kyc.review')
WHERE "preset_key" IN ('admin', 'risk') AND NOT ('kyc.review' = ANY("permissions"));

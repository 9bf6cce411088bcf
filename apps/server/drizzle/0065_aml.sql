-- Anti-money-laundering monitoring (issue 26, item 5). The tables belong to the aml module. Its fold follows the
-- ledger through the wallet's published views as the reports fold does (db/ledger-follow.ts), and sign-ins, new
-- members and payout accounts through the auth, members and payments views, raising flags for staff to review;
-- nothing on the money's path writes or waits for it.

-- A brand's thresholds; a brand without a row uses the defaults (aml.service.ts). Amounts are minor units of the
-- brand's currency.
CREATE TABLE aml_settings (
  brand_id bigint PRIMARY KEY REFERENCES brands(id),
  large_deposit bigint NOT NULL CHECK (large_deposit > 0),
  large_withdrawal bigint NOT NULL CHECK (large_withdrawal > 0),
  little_play_percent integer NOT NULL CHECK (little_play_percent BETWEEN 1 AND 1000),
  shared_accounts_min integer NOT NULL CHECK (shared_accounts_min BETWEEN 2 AND 1000),
  transfer_window_minutes integer NOT NULL CHECK (transfer_window_minutes BETWEEN 1 AND 1440),
  transfer_count_min integer NOT NULL CHECK (transfer_count_min BETWEEN 2 AND 10000),
  transfer_amount_min bigint NOT NULL CHECK (transfer_amount_min > 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- One flag per rule, member and piece of evidence (a ledger transaction, a shared value, a window of transfers):
-- the unique key makes a fold that runs again, or a check repeated after a crash, write nothing twice.
CREATE TABLE aml_flags (
  id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  brand_id bigint NOT NULL REFERENCES brands(id),
  rule text NOT NULL CHECK (rule IN ('large_deposit', 'large_withdrawal', 'little_play', 'shared_device',
    'shared_ip', 'shared_payout_account', 'rapid_agent_transfers')),
  member_id bigint NOT NULL REFERENCES members(id),
  evidence_key text NOT NULL,
  evidence jsonb NOT NULL,
  status text NOT NULL DEFAULT 'open'
    CHECK (status IN ('open', 'cleared', 'restricted', 'closed', 'reported')),
  reason text,
  report_reference text,
  decided_by_staff_id bigint,
  decided_by_username text,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX aml_flags_key ON aml_flags (rule, member_id, evidence_key);
--> statement-breakpoint
-- The console's queue: a brand's open flags, and all of them, newest first.
CREATE INDEX aml_flags_brand_idx ON aml_flags (brand_id, id);
--> statement-breakpoint
CREATE INDEX aml_flags_brand_open_idx ON aml_flags (brand_id, id) WHERE status = 'open';
--> statement-breakpoint
-- How far the fold has read: the ledger below `horizon` (by the writing transaction), members up to
-- `member_horizon` and sign-ins up to `login_horizon` (both read again a window back). Monitoring starts now:
-- history before this migration is not flagged.
CREATE TABLE aml_fold (
  id smallint PRIMARY KEY,
  horizon bigint NOT NULL,
  member_horizon bigint NOT NULL,
  login_horizon bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO aml_fold (id, horizon, member_horizon, login_horizon)
SELECT 1, pg_snapshot_xmin(pg_current_snapshot())::text::bigint,
  coalesce((SELECT max(id) FROM members_directory), 0), coalesce((SELECT max(id) FROM auth_logins), 0);
--> statement-breakpoint
-- Per member, what the little-play rule needs: the deposits since their last withdrawal request (the last ledger
-- transactions of them, for the evidence) and when that request was made. Rewritten by every batch that moves it.
CREATE TABLE aml_member_activity (
  member_id bigint PRIMARY KEY REFERENCES members(id),
  brand_id bigint NOT NULL REFERENCES brands(id),
  deposits_since bigint NOT NULL DEFAULT 0,
  deposit_transaction_ids bigint[] NOT NULL DEFAULT '{}',
  last_withdrawal_at timestamptz
) WITH (fillfactor = 80);
--> statement-breakpoint
-- Agents' transfers to their line of the last two days, for the rapid-transfer window (kept by the fold, pruned).
CREATE TABLE aml_recent_transfers (
  transaction_id bigint PRIMARY KEY,
  brand_id bigint NOT NULL,
  sender_id bigint NOT NULL,
  recipient_id bigint NOT NULL,
  amount bigint NOT NULL,
  created_at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX aml_recent_transfers_sender_idx ON aml_recent_transfers (sender_id, created_at);
--> statement-breakpoint
CREATE INDEX aml_recent_transfers_created_idx ON aml_recent_transfers (created_at);
--> statement-breakpoint
-- Members whose sharing (device, network address, payout account) is to be checked: a new member, a sign-in, a
-- withdrawal request touch it (`touches`); a check done records the touches it saw, so one during the check
-- leaves it due. `login_event_id`: the newest sign-in seen, so sign-ins read again are not counted twice.
CREATE TABLE aml_member_checks (
  member_id bigint PRIMARY KEY REFERENCES members(id),
  brand_id bigint NOT NULL REFERENCES brands(id),
  login_event_id bigint NOT NULL DEFAULT 0,
  touches integer NOT NULL DEFAULT 1,
  checked_touches integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE INDEX aml_member_checks_due_idx ON aml_member_checks (member_id) WHERE touches > checked_touches;
--> statement-breakpoint
-- The reviewers' permission (packages/contracts/src/staff-permissions.ts, group "compliance", last in the
-- catalogue) joins every brand's admin and risk presets as the contracts define them; a role an operator already
-- edited to hold it is left as it is.
UPDATE "staff_roles" SET "permissions" = array_append("permissions", 'aml.review')
WHERE "preset_key" IN ('admin', 'risk') AND NOT ('aml.review' = ANY("permissions"));

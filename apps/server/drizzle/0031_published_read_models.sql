-- Read models a module publishes for the SQL of other modules. A module reads another module's tables only
-- through its service or through one of these views, so the owner may change its tables as long as a view keeps
-- its columns (db/table-ownership.test.ts lists each view with its owner and the columns readers rely on).
-- Plain projections and joins without aggregates: the planner inlines them, so a reader's statement is planned
-- exactly as if it named the tables.

-- members: who a member is, for the lists and reports of other modules that show members by name.
CREATE VIEW members_directory AS
  SELECT id, brand_id, username, nickname, type, status, upline_id, created_at, last_login_at
  FROM members;
--> statement-breakpoint
-- site: a brand's wallet currency and the time zone its days are cut on.
CREATE VIEW site_brands AS
  SELECT id, currency, time_zone
  FROM brands;
--> statement-breakpoint
-- wallet: ledger transactions with the database transaction that wrote them (`xact_id`), for readers that
-- follow the ledger in commit order (the agents' roll-up fold).
CREATE VIEW wallet_transactions AS
  SELECT id, xact_id, brand_id, kind, created_at
  FROM ledger_transactions;
--> statement-breakpoint
-- wallet: every ledger entry on an account a member owns.
CREATE VIEW wallet_member_postings AS
  SELECT e.transaction_id, a.member_id, e.currency, e.amount
  FROM ledger_entries e
  JOIN ledger_accounts a ON a.id = e.account_id
  WHERE a.member_id IS NOT NULL;
--> statement-breakpoint
-- wallet: members' main wallets, one row per balance shard (a member's balance is the sum of its rows).
CREATE VIEW wallet_member_cash_balances AS
  SELECT a.member_id, a.currency, b.balance
  FROM ledger_accounts a
  JOIN ledger_balances b ON b.account_id = a.id
  WHERE a.kind = 'member_cash' AND a.scope = '';
--> statement-breakpoint
-- wallet: the currencies and their minor-unit exponents.
CREATE VIEW wallet_currencies AS
  SELECT code, exponent
  FROM currencies;

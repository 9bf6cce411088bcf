-- Player protection (responsible gambling): limits, time-outs and self-exclusion. The tables belong to the
-- protection module; the rule that binds them is written on the ledger's entries, so every path that takes a
-- stake (a vendor's callback, a house game, a batch of many members' bets in one statement) obeys it without
-- calling anything: the statement that writes the stake fails, as an overdraft does.
CREATE TABLE member_protection (
  member_id bigint PRIMARY KEY REFERENCES members(id),
  brand_id bigint NOT NULL REFERENCES brands(id),
  -- Stakes are refused until then: the end of a time-out, 'infinity' for a self-exclusion until staff end it.
  play_blocked_until timestamptz,
  reality_check_minutes integer CHECK (reality_check_minutes > 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE member_play_limits (
  member_id bigint NOT NULL REFERENCES members(id),
  kind text NOT NULL CHECK (kind IN ('deposit', 'loss', 'wager', 'session')),
  period text NOT NULL CHECK (period IN ('day', 'week', 'month')),
  -- In force now (null: none yet, only a pending one). Minor units, or minutes for a session limit.
  amount bigint CHECK (amount > 0),
  -- An increase or a removal waiting for its cooling-off; it is in force from pending_from on.
  pending_amount bigint CHECK (pending_amount > 0),
  pending_removal boolean NOT NULL DEFAULT false,
  pending_from timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, kind, period),
  CHECK ((pending_from IS NULL) = (pending_amount IS NULL AND NOT pending_removal))
);
--> statement-breakpoint
-- What each limited member used in each period (the period's first day in the brand's time zone). A loss can
-- be negative (the member is ahead). Written by the ledger rule below for money, by the session clock for time.
CREATE TABLE member_limit_usage (
  member_id bigint NOT NULL REFERENCES members(id),
  kind text NOT NULL,
  period text NOT NULL,
  period_start date NOT NULL,
  used bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (member_id, kind, period, period_start)
) WITH (fillfactor = 80);
--> statement-breakpoint
CREATE TABLE member_exclusions (
  id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  member_id bigint NOT NULL REFERENCES members(id),
  brand_id bigint NOT NULL REFERENCES brands(id),
  kind text NOT NULL CHECK (kind IN ('time_out', 'self_exclusion')),
  duration text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  ends_at timestamptz,
  ended_at timestamptz,
  ended_by_staff_id bigint,
  end_reason text
);
--> statement-breakpoint
CREATE INDEX member_exclusions_member_idx ON member_exclusions (member_id, started_at DESC);
--> statement-breakpoint
CREATE UNIQUE INDEX member_exclusions_open_key ON member_exclusions (member_id) WHERE ended_at IS NULL;
--> statement-breakpoint
-- The limit in force at a moment: the pending change once its cooling-off has passed, else the current one.
CREATE FUNCTION member_limit_in_force(
  amount bigint, pending_amount bigint, pending_removal boolean, pending_from timestamptz, at timestamptz
) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN pending_from IS NOT NULL AND pending_from <= at
    THEN CASE WHEN pending_removal THEN NULL ELSE pending_amount END
    ELSE amount END
$$;
--> statement-breakpoint
CREATE FUNCTION member_limit_period_start(period text, at timestamptz, time_zone text) RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT date_trunc(CASE period WHEN 'day' THEN 'day' WHEN 'week' THEN 'week' ELSE 'month' END,
    at AT TIME ZONE time_zone)::date
$$;
--> statement-breakpoint
-- After each statement that writes ledger entries: the entries on protected members' cash and bonus accounts,
-- one sum per member and ledger transaction, classed by the transaction's kind (as the reports fold classes
-- them, plus the card tables' buy-ins and cash-outs and the agents' transfers). Statements that touch no
-- protected member (nearly all) end at the first join. A stake of an excluded member, a transfer to one, or a
-- stake that takes a member's wager or loss past a limit in force (or comes after their session time ran out)
-- fails the statement; usage is counted in the same statement, under the usage rows' locks, so concurrent stakes
-- queue on them and cannot pass a limit together.
CREATE FUNCTION check_member_play_protection() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  refused record;
BEGIN
  PERFORM FROM new_entries e
    JOIN ledger_accounts a ON a.id = e.account_id AND a.kind IN ('member_cash', 'member_bonus')
    JOIN member_protection p ON p.member_id = a.member_id
    LIMIT 1;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;

  SELECT m.member_id, c.class INTO refused
  FROM (
    SELECT p.member_id, p.play_blocked_until, t.kind, sum(e.amount) AS amount
    FROM new_entries e
    JOIN ledger_accounts a ON a.id = e.account_id AND a.kind IN ('member_cash', 'member_bonus')
    JOIN member_protection p ON p.member_id = a.member_id
    JOIN ledger_transactions t ON t.id = e.transaction_id
    GROUP BY p.member_id, p.play_blocked_until, t.id, t.kind
  ) m
  CROSS JOIN LATERAL (SELECT CASE
    WHEN m.kind = 'bet' OR m.kind LIKE '%.bet' OR m.kind = 'pvp.buyin' THEN 'stake'
    WHEN m.kind IN ('transfer.downline', 'transfer.in') THEN 'transfer'
  END AS class) c
  WHERE m.play_blocked_until > now() AND (
    (c.class = 'stake' AND m.amount < 0) OR (c.class = 'transfer' AND m.amount > 0)
  )
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'member % is excluded from play (%)', refused.member_id, refused.class
      USING ERRCODE = 'check_violation', CONSTRAINT = 'member_play_excluded';
  END IF;

  WITH moved AS (
    SELECT p.member_id, b.time_zone,
      CASE
        WHEN t.kind = 'bet' OR t.kind LIKE '%.bet' THEN 'stake'
        WHEN t.kind = 'pvp.buyin' THEN 'buyin'
        WHEN t.kind = 'bet.rollback' OR t.kind LIKE '%.bet.rollback' OR t.kind LIKE '%.refund' THEN 'refund'
        WHEN t.kind = 'win' OR t.kind LIKE '%.win' OR t.kind = 'win.rollback' OR t.kind LIKE '%.win.rollback'
          OR t.kind = 'pvp.cashout' THEN 'payout'
        WHEN t.kind = 'deposit' THEN 'deposit'
      END AS class,
      sum(e.amount) AS amount
    FROM new_entries e
    JOIN ledger_accounts a ON a.id = e.account_id AND a.kind IN ('member_cash', 'member_bonus')
    JOIN member_protection p ON p.member_id = a.member_id
    JOIN brands b ON b.id = p.brand_id
    JOIN ledger_transactions t ON t.id = e.transaction_id
    GROUP BY p.member_id, b.time_zone, t.id, t.kind
  ), deltas AS (
    -- A card table's buy-in is money at risk (a loss once its cash-out is less) but not a wager: the hands
    -- played with it are, and the table reports them as valid bets when each hand ends.
    SELECT member_id, time_zone, 'wager' AS kind,
      sum(-amount) FILTER (WHERE class IN ('stake', 'refund')) AS delta, bool_or(class = 'stake') AS staked
    FROM moved GROUP BY member_id, time_zone
    UNION ALL
    SELECT member_id, time_zone, 'loss',
      sum(-amount) FILTER (WHERE class IN ('stake', 'buyin', 'refund', 'payout')),
      bool_or(class IN ('stake', 'buyin'))
    FROM moved GROUP BY member_id, time_zone
    UNION ALL
    SELECT member_id, time_zone, 'deposit', sum(amount) FILTER (WHERE class = 'deposit'), false
    FROM moved GROUP BY member_id, time_zone
  ), counted AS (
    INSERT INTO member_limit_usage AS u (member_id, kind, period, period_start, used)
    SELECT d.member_id, d.kind, l.period, member_limit_period_start(l.period, now(), d.time_zone), d.delta
    FROM deltas d
    JOIN member_play_limits l ON l.member_id = d.member_id AND l.kind = d.kind
    WHERE d.delta IS NOT NULL AND d.delta <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (member_id, kind, period, period_start) DO UPDATE SET used = u.used + excluded.used
    RETURNING u.member_id, u.kind, u.period, u.used
  )
  SELECT c.member_id, c.kind, c.period INTO refused
  FROM counted c
  JOIN deltas d ON d.member_id = c.member_id AND d.kind = c.kind
  JOIN member_play_limits l ON l.member_id = c.member_id AND l.kind = c.kind AND l.period = c.period
  WHERE d.staked AND d.delta > 0 AND c.kind IN ('wager', 'loss')
    AND c.used > member_limit_in_force(l.amount, l.pending_amount, l.pending_removal, l.pending_from, now())
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'member % would pass their % % limit', refused.member_id, refused.period, refused.kind
      USING ERRCODE = 'check_violation', CONSTRAINT = 'member_play_limit';
  END IF;

  -- Session time: once a period's minutes are used up, no stake until the period turns.
  SELECT p.member_id, l.period INTO refused
  FROM new_entries e
  JOIN ledger_accounts a ON a.id = e.account_id AND a.kind IN ('member_cash', 'member_bonus')
  JOIN member_protection p ON p.member_id = a.member_id
  JOIN brands b ON b.id = p.brand_id
  JOIN ledger_transactions t ON t.id = e.transaction_id
    AND (t.kind = 'bet' OR t.kind LIKE '%.bet' OR t.kind = 'pvp.buyin')
  JOIN member_play_limits l ON l.member_id = p.member_id AND l.kind = 'session'
  JOIN member_limit_usage u ON u.member_id = p.member_id AND u.kind = 'session' AND u.period = l.period
    AND u.period_start = member_limit_period_start(l.period, now(), b.time_zone)
  WHERE e.amount < 0
    AND u.used >= member_limit_in_force(l.amount, l.pending_amount, l.pending_removal, l.pending_from, now())
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'member % has used their % session time', refused.member_id, refused.period
      USING ERRCODE = 'check_violation', CONSTRAINT = 'member_play_limit';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_member_protection
  AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION check_member_play_protection();

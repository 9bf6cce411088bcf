-- Player protection's usage, one row per member instead of one per (kind, period, period start): a stake counted
-- against six limits (wager and loss, day, week and month) updates one row, not six, so the ledger's rule costs a
-- signed vendor bet a few per cent, not a fifth (issue 26's bench). Each period keeps its start (the brand's time
-- zone); a counter whose start is not the current period's counts as 0. The ledger's rule rolls and adds the
-- money counters; the session clock keeps its own starts; setting a first money limit recounts every money
-- counter from the ledger (counting may have begun mid-period, or not at all), so a limit set at noon still
-- counts the morning.
CREATE TABLE member_play_usage (
  member_id bigint PRIMARY KEY REFERENCES members(id),
  day_start date NOT NULL,
  week_start date NOT NULL,
  month_start date NOT NULL,
  wager_day bigint NOT NULL DEFAULT 0,
  wager_week bigint NOT NULL DEFAULT 0,
  wager_month bigint NOT NULL DEFAULT 0,
  loss_day bigint NOT NULL DEFAULT 0,
  loss_week bigint NOT NULL DEFAULT 0,
  loss_month bigint NOT NULL DEFAULT 0,
  deposit_day bigint NOT NULL DEFAULT 0,
  deposit_week bigint NOT NULL DEFAULT 0,
  deposit_month bigint NOT NULL DEFAULT 0,
  -- Minutes signed in, written by the session clock for members with a session limit (null start: never).
  session_day_start date,
  session_week_start date,
  session_month_start date,
  session_day bigint NOT NULL DEFAULT 0,
  session_week bigint NOT NULL DEFAULT 0,
  session_month bigint NOT NULL DEFAULT 0
) WITH (fillfactor = 70);
--> statement-breakpoint
INSERT INTO member_play_usage (member_id, day_start, week_start, month_start, wager_day, wager_week, wager_month,
  loss_day, loss_week, loss_month, deposit_day, deposit_week, deposit_month, session_day_start, session_week_start,
  session_month_start, session_day, session_week, session_month)
SELECT p.member_id, s.day_start, s.week_start, s.month_start,
  coalesce(sum(u.used) FILTER (WHERE u.kind = 'wager' AND u.period = 'day' AND u.period_start = s.day_start), 0),
  coalesce(sum(u.used) FILTER (WHERE u.kind = 'wager' AND u.period = 'week' AND u.period_start = s.week_start), 0),
  coalesce(sum(u.used) FILTER (WHERE u.kind = 'wager' AND u.period = 'month' AND u.period_start = s.month_start), 0),
  coalesce(sum(u.used) FILTER (WHERE u.kind = 'loss' AND u.period = 'day' AND u.period_start = s.day_start), 0),
  coalesce(sum(u.used) FILTER (WHERE u.kind = 'loss' AND u.period = 'week' AND u.period_start = s.week_start), 0),
  coalesce(sum(u.used) FILTER (WHERE u.kind = 'loss' AND u.period = 'month' AND u.period_start = s.month_start), 0),
  coalesce(sum(u.used) FILTER (WHERE u.kind = 'deposit' AND u.period = 'day' AND u.period_start = s.day_start), 0),
  coalesce(sum(u.used) FILTER (WHERE u.kind = 'deposit' AND u.period = 'week' AND u.period_start = s.week_start), 0),
  coalesce(sum(u.used) FILTER (WHERE u.kind = 'deposit' AND u.period = 'month' AND u.period_start = s.month_start), 0),
  s.day_start, s.week_start, s.month_start,
  coalesce(sum(u.used) FILTER (WHERE u.kind = 'session' AND u.period = 'day' AND u.period_start = s.day_start), 0),
  coalesce(sum(u.used) FILTER (WHERE u.kind = 'session' AND u.period = 'week' AND u.period_start = s.week_start), 0),
  coalesce(sum(u.used) FILTER (WHERE u.kind = 'session' AND u.period = 'month' AND u.period_start = s.month_start), 0)
FROM member_protection p
JOIN brands b ON b.id = p.brand_id
CROSS JOIN LATERAL (SELECT member_limit_period_start('day', now(), b.time_zone) AS day_start,
  member_limit_period_start('week', now(), b.time_zone) AS week_start,
  member_limit_period_start('month', now(), b.time_zone) AS month_start) s
LEFT JOIN member_limit_usage u ON u.member_id = p.member_id
GROUP BY p.member_id, s.day_start, s.week_start, s.month_start;
--> statement-breakpoint
-- A counter of the row as stored, and the first day of the period it counts.
CREATE FUNCTION member_usage_counter(u member_play_usage, kind text, period text) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE kind || '.' || period
    WHEN 'wager.day' THEN u.wager_day WHEN 'wager.week' THEN u.wager_week WHEN 'wager.month' THEN u.wager_month
    WHEN 'loss.day' THEN u.loss_day WHEN 'loss.week' THEN u.loss_week WHEN 'loss.month' THEN u.loss_month
    WHEN 'deposit.day' THEN u.deposit_day WHEN 'deposit.week' THEN u.deposit_week
    WHEN 'deposit.month' THEN u.deposit_month
    WHEN 'session.day' THEN u.session_day WHEN 'session.week' THEN u.session_week
    WHEN 'session.month' THEN u.session_month
  END
$$;
--> statement-breakpoint
CREATE FUNCTION member_usage_start(u member_play_usage, kind text, period text) RETURNS date
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN kind = 'session'
    THEN CASE period WHEN 'day' THEN u.session_day_start WHEN 'week' THEN u.session_week_start
      ELSE u.session_month_start END
    ELSE CASE period WHEN 'day' THEN u.day_start WHEN 'week' THEN u.week_start ELSE u.month_start END
  END
$$;
--> statement-breakpoint
-- What the row counts of a kind in the period starting on `current` (0 when its counter is of another period).
CREATE FUNCTION member_usage_in(u member_play_usage, kind text, period text, current date) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN member_usage_start(u, kind, period) = current THEN member_usage_counter(u, kind, period) ELSE 0 END
$$;
--> statement-breakpoint
-- What a member used of a kind in the current period (0 without a row).
CREATE FUNCTION member_limit_used(member bigint, kind text, period text) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT coalesce((
    SELECT member_usage_in(u, kind, period, member_limit_period_start(period, now(), b.time_zone))
    FROM member_play_usage u
    JOIN member_protection p ON p.member_id = u.member_id
    JOIN brands b ON b.id = p.brand_id
    WHERE u.member_id = member
  ), 0)
$$;
--> statement-breakpoint
-- The ledger's rule (migration 0063), now one statement after the probe: the protected members' movements in
-- the statement, classed as the reports fold classes them (plus the card tables' buy-ins and cash-outs and the
-- agents' transfers), move their usage rows (rolled to the current periods, locked in member order so concurrent
-- batches cannot deadlock), and the statement fails when it holds an excluded member's stake or incoming
-- transfer, or a stake that takes a wager or loss limit in force past its amount or comes after the session time
-- ran out. Statements that touch no protected member (nearly all) end at the probe.
CREATE OR REPLACE FUNCTION check_member_play_protection() RETURNS trigger LANGUAGE plpgsql AS $$
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

  WITH moved AS (
    SELECT p.member_id, coalesce(p.play_blocked_until > now(), false) AS blocked, b.time_zone,
      CASE
        WHEN t.kind = 'bet' OR t.kind LIKE '%.bet' THEN 'stake'
        WHEN t.kind = 'pvp.buyin' THEN 'buyin'
        WHEN t.kind = 'bet.rollback' OR t.kind LIKE '%.bet.rollback' OR t.kind LIKE '%.refund' THEN 'refund'
        WHEN t.kind = 'win' OR t.kind LIKE '%.win' OR t.kind = 'win.rollback' OR t.kind LIKE '%.win.rollback'
          OR t.kind = 'pvp.cashout' THEN 'payout'
        WHEN t.kind = 'deposit' THEN 'deposit'
        WHEN t.kind IN ('transfer.downline', 'transfer.in') THEN 'transfer'
      END AS class,
      sum(e.amount)::bigint AS amount
    FROM new_entries e
    JOIN ledger_accounts a ON a.id = e.account_id AND a.kind IN ('member_cash', 'member_bonus')
    JOIN member_protection p ON p.member_id = a.member_id
    JOIN brands b ON b.id = p.brand_id
    JOIN ledger_transactions t ON t.id = e.transaction_id
    GROUP BY p.member_id, p.play_blocked_until, b.time_zone, t.id, t.kind
  ), members_moved AS (
    SELECT member_id, time_zone,
      bool_or(blocked AND ((class IN ('stake', 'buyin') AND amount < 0) OR (class = 'transfer' AND amount > 0)))
        AS excluded,
      bool_or(class IN ('stake', 'buyin') AND amount < 0) AS staked,
      coalesce(sum(-amount) FILTER (WHERE class IN ('stake', 'refund')), 0)::bigint AS wager,
      coalesce(sum(-amount) FILTER (WHERE class IN ('stake', 'buyin', 'refund', 'payout')), 0)::bigint AS loss,
      coalesce(sum(amount) FILTER (WHERE class = 'deposit'), 0)::bigint AS deposit
    FROM moved GROUP BY member_id, time_zone
  ), counted AS (
    INSERT INTO member_play_usage AS u (member_id, day_start, week_start, month_start,
      wager_day, wager_week, wager_month, loss_day, loss_week, loss_month, deposit_day, deposit_week, deposit_month)
    SELECT member_id, member_limit_period_start('day', now(), time_zone),
      member_limit_period_start('week', now(), time_zone), member_limit_period_start('month', now(), time_zone),
      wager, wager, wager, loss, loss, loss, deposit, deposit, deposit
    FROM members_moved
    WHERE NOT excluded
    ORDER BY member_id
    ON CONFLICT (member_id) DO UPDATE SET
      day_start = excluded.day_start,
      week_start = excluded.week_start,
      month_start = excluded.month_start,
      wager_day = CASE WHEN u.day_start = excluded.day_start THEN u.wager_day ELSE 0 END + excluded.wager_day,
      wager_week = CASE WHEN u.week_start = excluded.week_start THEN u.wager_week ELSE 0 END + excluded.wager_week,
      wager_month = CASE WHEN u.month_start = excluded.month_start THEN u.wager_month ELSE 0 END
        + excluded.wager_month,
      loss_day = CASE WHEN u.day_start = excluded.day_start THEN u.loss_day ELSE 0 END + excluded.loss_day,
      loss_week = CASE WHEN u.week_start = excluded.week_start THEN u.loss_week ELSE 0 END + excluded.loss_week,
      loss_month = CASE WHEN u.month_start = excluded.month_start THEN u.loss_month ELSE 0 END
        + excluded.loss_month,
      deposit_day = CASE WHEN u.day_start = excluded.day_start THEN u.deposit_day ELSE 0 END + excluded.deposit_day,
      deposit_week = CASE WHEN u.week_start = excluded.week_start THEN u.deposit_week ELSE 0 END
        + excluded.deposit_week,
      deposit_month = CASE WHEN u.month_start = excluded.month_start THEN u.deposit_month ELSE 0 END
        + excluded.deposit_month
    RETURNING u.*
  )
  SELECT m.member_id, CASE WHEN m.excluded THEN 'exclusion' ELSE l.kind END AS kind, l.period INTO refused
  FROM members_moved m
  LEFT JOIN counted c ON c.member_id = m.member_id
  LEFT JOIN member_play_limits l ON l.member_id = m.member_id AND m.staked
  WHERE m.excluded OR CASE l.kind
    WHEN 'wager' THEN m.wager > 0 AND member_usage_counter(c, l.kind, l.period)
      > member_limit_in_force(l.amount, l.pending_amount, l.pending_removal, l.pending_from, now())
    WHEN 'loss' THEN m.loss > 0 AND member_usage_counter(c, l.kind, l.period)
      > member_limit_in_force(l.amount, l.pending_amount, l.pending_removal, l.pending_from, now())
    -- The money starts were just rolled to the current periods: the session counter counts if it has them.
    WHEN 'session' THEN member_usage_in(c, l.kind, l.period, member_usage_start(c, 'wager', l.period))
      >= member_limit_in_force(l.amount, l.pending_amount, l.pending_removal, l.pending_from, now())
    ELSE false END
  LIMIT 1;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF refused.kind = 'exclusion' THEN
    RAISE EXCEPTION 'member % is excluded from play', refused.member_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'member_play_excluded';
  END IF;
  RAISE EXCEPTION 'member % would pass their % % limit', refused.member_id, refused.period, refused.kind
    USING ERRCODE = 'check_violation', CONSTRAINT = 'member_play_limit';
END;
$$;
--> statement-breakpoint
DROP TABLE member_limit_usage;

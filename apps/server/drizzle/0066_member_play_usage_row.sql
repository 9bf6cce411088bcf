-- Player protection's usage, one row per member instead of one per (kind, period, period start): a stake counted
-- against six limits (wager and loss, day, week and month) updates one row, not six, so the ledger's rule costs a
-- signed vendor bet a few per cent, not a fifth (issue 26's bench). Each period keeps its start (the brand's time
-- zone); a counter whose start is not the current period's counts as 0, and every write rolls the row first.
-- Counters run for every member with a protection row; setting a first limit of a kind recounts that kind from
-- the ledger, so a limit set at noon still counts the morning.
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
  -- Minutes signed in, written by the session clock for members with a session limit.
  session_day bigint NOT NULL DEFAULT 0,
  session_week bigint NOT NULL DEFAULT 0,
  session_month bigint NOT NULL DEFAULT 0
) WITH (fillfactor = 70);
--> statement-breakpoint
INSERT INTO member_play_usage (member_id, day_start, week_start, month_start, wager_day, wager_week, wager_month,
  loss_day, loss_week, loss_month, deposit_day, deposit_week, deposit_month, session_day, session_week,
  session_month)
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
-- A counter of the row as stored (the caller knows the row is rolled to the current periods).
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
-- What a member used of a kind in the current period (0 without a row or when the row's period has passed).
CREATE FUNCTION member_limit_used(member bigint, kind text, period text) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT coalesce((
    SELECT CASE WHEN CASE period WHEN 'day' THEN u.day_start WHEN 'week' THEN u.week_start ELSE u.month_start END
        = member_limit_period_start(period, now(), b.time_zone)
      THEN member_usage_counter(u, kind, period) ELSE 0 END
    FROM member_play_usage u
    JOIN member_protection p ON p.member_id = u.member_id
    JOIN brands b ON b.id = p.brand_id
    WHERE u.member_id = member
  ), 0)
$$;
--> statement-breakpoint
-- Adds to protected members' counters (one row each, made on first use), rolling every period that has turned,
-- under the rows' locks (taken in member order, so concurrent batches cannot deadlock); answers the rows as
-- written. The ledger's rule, the session clock and a deposit's headroom check all write through here.
CREATE FUNCTION add_member_play_usage(
  member_ids bigint[], wagers bigint[], losses bigint[], deposits bigint[], sessions bigint[]
) RETURNS SETOF member_play_usage LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
  INSERT INTO member_play_usage AS u (member_id, day_start, week_start, month_start, wager_day, wager_week,
    wager_month, loss_day, loss_week, loss_month, deposit_day, deposit_week, deposit_month, session_day,
    session_week, session_month)
  SELECT d.member_id, member_limit_period_start('day', now(), b.time_zone),
    member_limit_period_start('week', now(), b.time_zone), member_limit_period_start('month', now(), b.time_zone),
    d.wager, d.wager, d.wager, d.loss, d.loss, d.loss, d.deposit, d.deposit, d.deposit,
    d.session, d.session, d.session
  FROM unnest(member_ids, wagers, losses, deposits, sessions) AS d(member_id, wager, loss, deposit, session)
  JOIN member_protection p ON p.member_id = d.member_id
  JOIN brands b ON b.id = p.brand_id
  ORDER BY d.member_id
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
    loss_month = CASE WHEN u.month_start = excluded.month_start THEN u.loss_month ELSE 0 END + excluded.loss_month,
    deposit_day = CASE WHEN u.day_start = excluded.day_start THEN u.deposit_day ELSE 0 END + excluded.deposit_day,
    deposit_week = CASE WHEN u.week_start = excluded.week_start THEN u.deposit_week ELSE 0 END
      + excluded.deposit_week,
    deposit_month = CASE WHEN u.month_start = excluded.month_start THEN u.deposit_month ELSE 0 END
      + excluded.deposit_month,
    session_day = CASE WHEN u.day_start = excluded.day_start THEN u.session_day ELSE 0 END + excluded.session_day,
    session_week = CASE WHEN u.week_start = excluded.week_start THEN u.session_week ELSE 0 END
      + excluded.session_week,
    session_month = CASE WHEN u.month_start = excluded.month_start THEN u.session_month ELSE 0 END
      + excluded.session_month
  RETURNING u.*;
END;
$$;
--> statement-breakpoint
-- The ledger's rule (migration 0063), now in two reads and one write: the protected members' movements in the
-- statement classed once (as the reports fold classes them, plus the card tables' buy-ins and cash-outs and the
-- agents' transfers); an excluded member's stake or incoming transfer fails the statement; the counters move; a
-- stake that takes a wager or loss limit in force past its amount, or comes after the session time ran out,
-- fails it too. Statements that touch no protected member (nearly all) end at the first join.
CREATE OR REPLACE FUNCTION check_member_play_protection() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  refused record;
  ids bigint[];
  blocked_ids bigint[];
  staked boolean[];
  wagers bigint[];
  losses bigint[];
  deposits bigint[];
  counted member_play_usage[];
BEGIN
  PERFORM FROM new_entries e
    JOIN ledger_accounts a ON a.id = e.account_id AND a.kind IN ('member_cash', 'member_bonus')
    JOIN member_protection p ON p.member_id = a.member_id
    LIMIT 1;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;

  SELECT array_agg(m.member_id ORDER BY m.member_id),
    array_agg(m.member_id) FILTER (WHERE m.excluded),
    array_agg(m.staked ORDER BY m.member_id),
    array_agg(m.wager ORDER BY m.member_id),
    array_agg(m.loss ORDER BY m.member_id),
    array_agg(m.deposit ORDER BY m.member_id)
  INTO ids, blocked_ids, staked, wagers, losses, deposits
  FROM (
    SELECT member_id,
      bool_or(blocked AND ((class IN ('stake', 'buyin') AND amount < 0) OR (class = 'transfer' AND amount > 0)))
        AS excluded,
      bool_or(class IN ('stake', 'buyin') AND amount < 0) AS staked,
      coalesce(sum(-amount) FILTER (WHERE class IN ('stake', 'refund')), 0)::bigint AS wager,
      coalesce(sum(-amount) FILTER (WHERE class IN ('stake', 'buyin', 'refund', 'payout')), 0)::bigint AS loss,
      coalesce(sum(amount) FILTER (WHERE class = 'deposit'), 0)::bigint AS deposit
    FROM (
      SELECT p.member_id, coalesce(p.play_blocked_until > now(), false) AS blocked,
        CASE
          WHEN t.kind = 'bet' OR t.kind LIKE '%.bet' THEN 'stake'
          WHEN t.kind = 'pvp.buyin' THEN 'buyin'
          WHEN t.kind = 'bet.rollback' OR t.kind LIKE '%.bet.rollback' OR t.kind LIKE '%.refund' THEN 'refund'
          WHEN t.kind = 'win' OR t.kind LIKE '%.win' OR t.kind = 'win.rollback' OR t.kind LIKE '%.win.rollback'
            OR t.kind = 'pvp.cashout' THEN 'payout'
          WHEN t.kind = 'deposit' THEN 'deposit'
          WHEN t.kind IN ('transfer.downline', 'transfer.in') THEN 'transfer'
        END AS class,
        sum(e.amount) AS amount
      FROM new_entries e
      JOIN ledger_accounts a ON a.id = e.account_id AND a.kind IN ('member_cash', 'member_bonus')
      JOIN member_protection p ON p.member_id = a.member_id
      JOIN ledger_transactions t ON t.id = e.transaction_id
      GROUP BY p.member_id, p.play_blocked_until, t.id, t.kind
    ) moved
    GROUP BY member_id
  ) m;

  IF blocked_ids IS NOT NULL THEN
    RAISE EXCEPTION 'member % is excluded from play', blocked_ids[1]
      USING ERRCODE = 'check_violation', CONSTRAINT = 'member_play_excluded';
  END IF;

  SELECT array_agg(c) INTO counted
  FROM add_member_play_usage(ids, wagers, losses, deposits, array_fill(0::bigint, ARRAY[cardinality(ids)])) c;

  SELECT m.member_id, l.kind, l.period INTO refused
  FROM unnest(ids, staked, wagers, losses) AS m(member_id, staked, wager, loss)
  JOIN unnest(counted) c ON c.member_id = m.member_id
  JOIN member_play_limits l ON l.member_id = m.member_id
  WHERE m.staked AND CASE l.kind
    WHEN 'wager' THEN m.wager > 0 AND member_usage_counter(c, l.kind, l.period)
      > member_limit_in_force(l.amount, l.pending_amount, l.pending_removal, l.pending_from, now())
    WHEN 'loss' THEN m.loss > 0 AND member_usage_counter(c, l.kind, l.period)
      > member_limit_in_force(l.amount, l.pending_amount, l.pending_removal, l.pending_from, now())
    WHEN 'session' THEN member_usage_counter(c, l.kind, l.period)
      >= member_limit_in_force(l.amount, l.pending_amount, l.pending_removal, l.pending_from, now())
    ELSE false END
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'member % would pass their % % limit', refused.member_id, refused.period, refused.kind
      USING ERRCODE = 'check_violation', CONSTRAINT = 'member_play_limit';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TABLE member_limit_usage;

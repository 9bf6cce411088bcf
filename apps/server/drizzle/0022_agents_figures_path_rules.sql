-- Daily roll-up rows carry their member's tree path, so a team's figures are one covering index range with no
-- join: the ledger trigger copies the path when it writes a row, a move rewrites the moved subtree's rows.
UPDATE member_figures_daily f SET path = t.path FROM member_tree t WHERE t.member_id = f.member_id;
--> statement-breakpoint
CREATE INDEX member_figures_daily_team_idx ON member_figures_daily (brand_id, day, path text_pattern_ops)
  INCLUDE (member_id, bet_count, bet_amount, valid_bet, payout, deposit_count, deposit_amount, withdrawal_count,
    withdrawal_amount, bonus_amount);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_figures_from_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH moved AS (
    SELECT a.member_id, t.brand_id, t.created_at, br.time_zone, agent_figure_class(t.kind) AS class,
      sum(e.amount) AS amount
    FROM new_entries e
    JOIN ledger_accounts a ON a.id = e.account_id AND a.member_id IS NOT NULL
    JOIN ledger_transactions t ON t.id = e.transaction_id
    JOIN brands br ON br.id = t.brand_id AND br.currency = e.currency
    WHERE agent_figure_class(t.kind) IS NOT NULL
    GROUP BY a.member_id, t.brand_id, t.id, br.time_zone
    HAVING sum(e.amount) <> 0
  ), figures AS (
    SELECT member_id, brand_id,
      date_trunc('hour', created_at AT TIME ZONE time_zone) AT TIME ZONE time_zone AS hour_start,
      (created_at AT TIME ZONE time_zone)::date AS day,
      CASE class WHEN 'bet' THEN 1 WHEN 'refund' THEN -1 ELSE 0 END AS bet_count,
      CASE class WHEN 'bet' THEN -amount WHEN 'refund' THEN -amount ELSE 0 END AS bet_amount,
      CASE class WHEN 'payout' THEN amount ELSE 0 END AS payout,
      CASE class WHEN 'deposit' THEN 1 ELSE 0 END AS deposit_count,
      CASE class WHEN 'deposit' THEN amount ELSE 0 END AS deposit_amount,
      CASE class WHEN 'withdrawal' THEN 1 ELSE 0 END AS withdrawal_count,
      CASE class WHEN 'withdrawal' THEN -amount ELSE 0 END AS withdrawal_amount,
      CASE class WHEN 'bonus' THEN amount ELSE 0 END AS bonus_amount
    FROM moved
  ), hourly AS (
    INSERT INTO member_figures_hourly AS h (member_id, brand_id, hour_start, bet_count, bet_amount, valid_bet,
      payout, deposit_count, deposit_amount, withdrawal_count, withdrawal_amount, bonus_amount)
    SELECT member_id, brand_id, hour_start, sum(bet_count), sum(bet_amount), sum(bet_amount), sum(payout),
      sum(deposit_count), sum(deposit_amount), sum(withdrawal_count), sum(withdrawal_amount), sum(bonus_amount)
    FROM figures GROUP BY member_id, brand_id, hour_start ORDER BY member_id, hour_start
    ON CONFLICT (member_id, hour_start) DO UPDATE SET
      bet_count = h.bet_count + excluded.bet_count,
      bet_amount = h.bet_amount + excluded.bet_amount,
      valid_bet = h.valid_bet + excluded.valid_bet,
      payout = h.payout + excluded.payout,
      deposit_count = h.deposit_count + excluded.deposit_count,
      deposit_amount = h.deposit_amount + excluded.deposit_amount,
      withdrawal_count = h.withdrawal_count + excluded.withdrawal_count,
      withdrawal_amount = h.withdrawal_amount + excluded.withdrawal_amount,
      bonus_amount = h.bonus_amount + excluded.bonus_amount,
      updated_at = now()
  )
  INSERT INTO member_figures_daily AS d (member_id, brand_id, day, path, bet_count, bet_amount, valid_bet, payout,
    deposit_count, deposit_amount, withdrawal_count, withdrawal_amount, bonus_amount)
  SELECT member_id, brand_id, day,
    coalesce((SELECT mt.path FROM member_tree mt WHERE mt.member_id = figures.member_id), ''),
    sum(bet_count), sum(bet_amount), sum(bet_amount), sum(payout),
    sum(deposit_count), sum(deposit_amount), sum(withdrawal_count), sum(withdrawal_amount), sum(bonus_amount)
  FROM figures GROUP BY member_id, brand_id, day ORDER BY member_id, day
  ON CONFLICT (member_id, day) DO UPDATE SET
    bet_count = d.bet_count + excluded.bet_count,
    bet_amount = d.bet_amount + excluded.bet_amount,
    valid_bet = d.valid_bet + excluded.valid_bet,
    payout = d.payout + excluded.payout,
    deposit_count = d.deposit_count + excluded.deposit_count,
    deposit_amount = d.deposit_amount + excluded.deposit_amount,
    withdrawal_count = d.withdrawal_count + excluded.withdrawal_count,
    withdrawal_amount = d.withdrawal_amount + excluded.withdrawal_amount,
    bonus_amount = d.bonus_amount + excluded.bonus_amount,
    updated_at = now();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_tree_on_move() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_path text;
  old_depth smallint;
  new_prefix text := '/';
  new_depth smallint := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(7245801, NEW.brand_id::int);
  SELECT path, depth INTO old_path, old_depth FROM member_tree WHERE member_id = NEW.id;
  IF NEW.upline_id IS NOT NULL THEN
    SELECT path, depth INTO new_prefix, new_depth FROM member_tree WHERE member_id = NEW.upline_id;
    IF new_prefix IS NULL THEN
      RAISE EXCEPTION 'upline % has no tree path', NEW.upline_id USING ERRCODE = 'foreign_key_violation';
    END IF;
    IF new_prefix LIKE old_path || '%' THEN
      RAISE EXCEPTION 'member % cannot move under its own downline', NEW.id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'member_tree_no_cycle';
    END IF;
  END IF;
  UPDATE member_tree
  SET path = new_prefix || NEW.id || '/' || substr(path, length(old_path) + 1),
      depth = depth - old_depth + new_depth + 1
  WHERE path LIKE old_path || '%';
  UPDATE member_figures_daily
  SET path = new_prefix || NEW.id || '/' || substr(path, length(old_path) + 1)
  WHERE brand_id = NEW.brand_id AND path LIKE old_path || '%';
  RETURN NULL;
END;
$$;

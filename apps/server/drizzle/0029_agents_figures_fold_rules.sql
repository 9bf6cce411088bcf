-- The roll-ups leave the money's path: no trigger on the ledger any more. The fold job (rollups.repository.ts)
-- reads the ledger transactions whose writing transaction (`xact_id`) finished below its snapshot's xmin and
-- above the horizon it stored last time, applies them to the member roll-ups and to the agents' team roll-ups,
-- and moves the horizon in the same transaction: each posting counts exactly once, about a second after it
-- commits. Postings made before this migration were counted by the old trigger: the horizon starts above them.
DROP TRIGGER ledger_entries_member_figures ON ledger_entries;
--> statement-breakpoint
DROP FUNCTION member_figures_from_entries();
--> statement-breakpoint
INSERT INTO member_figures_fold (id, horizon) VALUES (1, pg_current_xact_id()::text::bigint + 1);
--> statement-breakpoint
-- The agents above a member (ids on its path, the member itself left out): whose downline it belongs to.
CREATE FUNCTION agent_ancestors(member_path text, member bigint) RETURNS bigint[] LANGUAGE sql IMMUTABLE
PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(id::bigint), '{}')
  FROM unnest(string_to_array(trim(both '/' from member_path), '/')) id
  WHERE id <> '' AND id::bigint <> member
$$;
--> statement-breakpoint
-- Days since the member's previous active day, 0 when that is more than 92 days back (a report spans at most 93
-- days, so any longer gap reaches before its start) or there is none.
CREATE FUNCTION agent_activity_gap(previous date, active date) RETURNS smallint LANGUAGE sql IMMUTABLE
PARALLEL SAFE AS $$
  SELECT CASE WHEN previous IS NULL OR active - previous > 92 THEN 0 ELSE active - previous END::smallint
$$;
--> statement-breakpoint
-- Adds (sign 1) or takes away (sign -1) the daily figures and activity of the members under a path prefix to each
-- of the given agents' team roll-ups. Used when a subtree moves between agents, and by the rebuild.
CREATE FUNCTION agent_team_shift(brand bigint, prefix text, sign integer, agents bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(agents) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO team_figures_daily AS d (agent_id, brand_id, day, bet_count, bet_amount, valid_bet, payout,
    deposit_count, deposit_amount, withdrawal_count, withdrawal_amount, bonus_amount)
  SELECT agent, brand, s.day, sign * s.bet_count, sign * s.bet_amount, sign * s.valid_bet, sign * s.payout,
    sign * s.deposit_count, sign * s.deposit_amount, sign * s.withdrawal_count, sign * s.withdrawal_amount,
    sign * s.bonus_amount
  FROM (
    SELECT f.day, sum(f.bet_count) AS bet_count, sum(f.bet_amount) AS bet_amount, sum(f.valid_bet) AS valid_bet,
      sum(f.payout) AS payout, sum(f.deposit_count) AS deposit_count, sum(f.deposit_amount) AS deposit_amount,
      sum(f.withdrawal_count) AS withdrawal_count, sum(f.withdrawal_amount) AS withdrawal_amount,
      sum(f.bonus_amount) AS bonus_amount
    FROM member_figures_daily f
    WHERE f.brand_id = brand AND f.path LIKE prefix || '%'
    GROUP BY f.day
  ) s CROSS JOIN unnest(agents) agent
  ORDER BY agent, s.day
  ON CONFLICT (agent_id, day) DO UPDATE SET
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
  INSERT INTO team_activity_daily AS a (agent_id, brand_id, day, gap, members)
  SELECT agent, brand, c.day, c.gap, sign * c.members
  FROM (
    SELECT x.day, x.gap, count(*)::int AS members
    FROM (
      SELECT f.day, agent_activity_gap(lag(f.day) OVER (PARTITION BY f.member_id ORDER BY f.day), f.day) AS gap
      FROM member_figures_daily f
      WHERE f.brand_id = brand AND f.path LIKE prefix || '%' AND f.valid_bet > 0
    ) x
    GROUP BY x.day, x.gap
  ) c CROSS JOIN unnest(agents) agent
  ORDER BY agent, c.day, c.gap
  ON CONFLICT (agent_id, day, gap) DO UPDATE SET members = a.members + excluded.members;
  IF sign < 0 THEN
    -- Days the subtree alone filled are left with nothing: no row, as for a day without activity.
    DELETE FROM team_figures_daily d WHERE d.agent_id = ANY (agents) AND d.bet_count = 0 AND d.bet_amount = 0
      AND d.valid_bet = 0 AND d.payout = 0 AND d.deposit_count = 0 AND d.deposit_amount = 0
      AND d.withdrawal_count = 0 AND d.withdrawal_amount = 0 AND d.bonus_amount = 0;
    DELETE FROM team_activity_daily a WHERE a.agent_id = ANY (agents) AND a.members = 0;
  END IF;
END;
$$;
--> statement-breakpoint
-- The team roll-ups of a brand computed again from its members' daily rows (the migration's backfill, benches).
CREATE FUNCTION agent_team_rebuild(brand bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7245802);
  DELETE FROM team_figures_daily WHERE brand_id = brand;
  DELETE FROM team_activity_daily WHERE brand_id = brand;
  INSERT INTO team_figures_daily (agent_id, brand_id, day, bet_count, bet_amount, valid_bet, payout,
    deposit_count, deposit_amount, withdrawal_count, withdrawal_amount, bonus_amount)
  SELECT agent, brand, f.day, sum(f.bet_count), sum(f.bet_amount), sum(f.valid_bet), sum(f.payout),
    sum(f.deposit_count), sum(f.deposit_amount), sum(f.withdrawal_count), sum(f.withdrawal_amount),
    sum(f.bonus_amount)
  FROM member_figures_daily f CROSS JOIN unnest(agent_ancestors(f.path, f.member_id)) agent
  WHERE f.brand_id = brand
  GROUP BY agent, f.day;
  INSERT INTO team_activity_daily (agent_id, brand_id, day, gap, members)
  SELECT agent, brand, x.day, x.gap, count(*)
  FROM (
    SELECT f.member_id, f.path, f.day,
      agent_activity_gap(lag(f.day) OVER (PARTITION BY f.member_id ORDER BY f.day), f.day) AS gap
    FROM member_figures_daily f
    WHERE f.brand_id = brand AND f.valid_bet > 0
  ) x CROSS JOIN unnest(agent_ancestors(x.path, x.member_id)) agent
  GROUP BY agent, x.day, x.gap;
END;
$$;
--> statement-breakpoint
-- A move also takes the moved subtree's figures from the agents it leaves and gives them to the agents it joins
-- (those above both keep them), under the fold's lock so no batch is applied with a path half-moved.
CREATE OR REPLACE FUNCTION member_tree_on_move() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_path text;
  old_depth smallint;
  new_prefix text := '/';
  new_depth smallint := 0;
  leaving bigint[];
  joining bigint[];
BEGIN
  PERFORM pg_advisory_xact_lock(7245801, NEW.brand_id::int);
  PERFORM pg_advisory_xact_lock(7245802);
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
  leaving := ARRAY(SELECT unnest(agent_ancestors(old_path, NEW.id)) EXCEPT SELECT unnest(agent_ancestors(new_prefix, NEW.id)));
  joining := ARRAY(SELECT unnest(agent_ancestors(new_prefix, NEW.id)) EXCEPT SELECT unnest(agent_ancestors(old_path, NEW.id)));
  PERFORM agent_team_shift(NEW.brand_id, old_path, -1, leaving);
  PERFORM agent_team_shift(NEW.brand_id, old_path, 1, joining);
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
--> statement-breakpoint
SELECT agent_team_rebuild(id) FROM brands;

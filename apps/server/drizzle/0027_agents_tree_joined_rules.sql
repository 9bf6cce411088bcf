-- The tree row carries the member's registration time: "new members of a team in a period" reads the few rows of
-- the period (brand, joined_at) and checks their path, instead of joining the whole team with members.
UPDATE member_tree t SET joined_at = m.created_at FROM members m WHERE m.id = t.member_id;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_tree_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  upline_path text;
  upline_depth smallint;
BEGIN
  -- Shared with other registrations, exclusive with a move of the same brand's tree.
  PERFORM pg_advisory_xact_lock_shared(7245801, NEW.brand_id::int);
  IF NEW.upline_id IS NOT NULL THEN
    SELECT path, depth INTO upline_path, upline_depth FROM member_tree WHERE member_id = NEW.upline_id;
  END IF;
  INSERT INTO member_tree (member_id, brand_id, path, depth, joined_at)
  VALUES (NEW.id, NEW.brand_id, coalesce(upline_path, '/') || NEW.id || '/', coalesce(upline_depth, 0) + 1,
    NEW.created_at);
  RETURN NULL;
END;
$$;

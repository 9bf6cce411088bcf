CREATE TABLE "audit_chain_head" (
	"id" smallint PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL,
	"last_hash" text NOT NULL,
	CONSTRAINT "audit_chain_head_single_row" CHECK ("audit_chain_head"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_chain_seq_idx" ON "audit_events" USING btree ("chain_seq");--> statement-breakpoint
CREATE INDEX "audit_events_unsealed_idx" ON "audit_events" USING btree ("id") WHERE "audit_events"."chain_seq" is null;--> statement-breakpoint
-- The audit trail as a hash chain (issue 25). Each row, when its transaction commits, gets the next place in the
-- chain (chain_seq), the hash of the row before it (prev_hash; 64 zeros for the first) and its own hash: hex
-- SHA-256 of its canonical form, 'audit-v1' then each field as '-' when null, else '<UTF-8 byte length>:<text>',
-- joined by '|', in this order: chain_seq, id, created_at (UTC, microseconds, ISO 8601), actor_type, actor_id,
-- actor_ip, user_agent, action, entity_type, entity_id, before, after (jsonb's own text form, which is canonical:
-- keys in a fixed order, fixed spacing), prev_hash. The verifier (modules/audit/audit-chain.ts) rebuilds the same
-- form from the stored fields with its own code, so a changed field, a removed row or a rewritten hash shows.
CREATE FUNCTION audit_chain_field(value text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN value IS NULL THEN '-' ELSE octet_length(convert_to(value, 'UTF8'))::text || ':' || value END
$$;
--> statement-breakpoint
CREATE FUNCTION audit_event_hash(event audit_events, place bigint, previous_hash text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(concat_ws('|',
    'audit-v1',
    audit_chain_field(place::text),
    audit_chain_field(event.id::text),
    audit_chain_field(to_char(event.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')),
    audit_chain_field(event.actor_type),
    audit_chain_field(event.actor_id),
    audit_chain_field(event.actor_ip),
    audit_chain_field(event.user_agent),
    audit_chain_field(event.action),
    audit_chain_field(event.entity_type),
    audit_chain_field(event.entity_id),
    audit_chain_field(event.before::text),
    audit_chain_field(event.after::text),
    audit_chain_field(previous_hash)
  ), 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Still insert-only, with one exception: the sealing trigger's update, which gives an unsealed row its place and
-- hashes and changes nothing else.
CREATE FUNCTION refuse_audit_event_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.chain_seq IS NULL AND OLD.prev_hash IS NULL AND OLD.hash IS NULL
       AND NEW.chain_seq IS NOT NULL AND NEW.prev_hash IS NOT NULL AND NEW.hash IS NOT NULL
       AND (NEW.id, NEW.actor_type, NEW.actor_id, NEW.actor_ip, NEW.user_agent, NEW.action, NEW.entity_type,
            NEW.entity_id, NEW.before, NEW.after, NEW.created_at)
           IS NOT DISTINCT FROM
           (OLD.id, OLD.actor_type, OLD.actor_id, OLD.actor_ip, OLD.user_agent, OLD.action, OLD.entity_type,
            OLD.entity_id, OLD.before, OLD.after, OLD.created_at) THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_events is insert-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
DROP TRIGGER audit_events_insert_only ON audit_events;
--> statement-breakpoint
CREATE TRIGGER audit_events_insert_only
  BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION refuse_audit_event_change();
--> statement-breakpoint
-- The rows already recorded join the chain in id order.
DO $$
DECLARE
  existing audit_events%ROWTYPE;
  place bigint := 0;
  previous_hash text := repeat('0', 64);
  row_hash text;
BEGIN
  FOR existing IN SELECT * FROM audit_events ORDER BY id LOOP
    place := place + 1;
    row_hash := audit_event_hash(existing, place, previous_hash);
    UPDATE audit_events SET chain_seq = place, prev_hash = previous_hash, hash = row_hash WHERE id = existing.id;
    previous_hash := row_hash;
  END LOOP;
  INSERT INTO audit_chain_head (id, last_seq, last_hash) VALUES (1, place, previous_hash);
END;
$$;
--> statement-breakpoint
-- A writer records what happened; the chain fields are the database's to set.
CREATE FUNCTION refuse_presealed_audit_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.chain_seq IS NOT NULL OR NEW.prev_hash IS NOT NULL OR NEW.hash IS NOT NULL THEN
    RAISE EXCEPTION 'audit_events chain fields are set by the database' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_unsealed_on_insert
  BEFORE INSERT ON audit_events
  FOR EACH ROW EXECUTE FUNCTION refuse_presealed_audit_event();
--> statement-breakpoint
-- Sealing runs at commit (a deferred constraint trigger), not at insert: the head row's lock, which serialises
-- appends across transactions and instances, is then held only for the moment of the commit, never while the
-- writer's transaction goes on with other work and other locks (no waits behind a long transaction, no deadlock
-- with the locks it takes after its audit row). A transaction's own rows are sealed in the order it inserted
-- them. Under READ COMMITTED (the platform's level) the locked read answers the newest head; under REPEATABLE
-- READ or SERIALIZABLE a head moved since the snapshot fails the commit with a serialization error instead of
-- forking the chain, and the unique index on chain_seq refuses a fork in any case.
CREATE FUNCTION seal_audit_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head audit_chain_head%ROWTYPE;
  place bigint;
  row_hash text;
BEGIN
  SELECT * INTO head FROM audit_chain_head WHERE id = 1 FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'audit_chain_head has no row';
  END IF;
  place := head.last_seq + 1;
  row_hash := audit_event_hash(NEW, place, head.last_hash);
  UPDATE audit_events SET chain_seq = place, prev_hash = head.last_hash, hash = row_hash WHERE id = NEW.id;
  UPDATE audit_chain_head SET last_seq = place, last_hash = row_hash WHERE id = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER audit_events_seal
  AFTER INSERT ON audit_events
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION seal_audit_event();
--> statement-breakpoint
-- The head only moves forward one place at a time, and stays.
CREATE FUNCTION refuse_audit_chain_head_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.id = OLD.id AND NEW.last_seq = OLD.last_seq + 1 THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_chain_head only advances (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_chain_head_advance_only
  BEFORE UPDATE OR DELETE ON audit_chain_head
  FOR EACH ROW EXECUTE FUNCTION refuse_audit_chain_head_change();
--> statement-breakpoint
CREATE TRIGGER audit_chain_head_no_truncate
  BEFORE TRUNCATE ON audit_chain_head
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_audit_change();

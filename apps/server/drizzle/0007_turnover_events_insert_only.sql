-- The turnover history explains every requirement; it is added to, never rewritten.
CREATE FUNCTION refuse_turnover_event_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'turnover_events is insert-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER turnover_events_insert_only
  BEFORE UPDATE OR DELETE ON turnover_events
  FOR EACH ROW EXECUTE FUNCTION refuse_turnover_event_change();

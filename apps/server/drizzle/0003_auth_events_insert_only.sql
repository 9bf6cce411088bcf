-- Authentication events are evidence, like the audit trail: insert-only whatever the application does.
CREATE TRIGGER auth_events_insert_only
  BEFORE UPDATE OR DELETE ON auth_events
  FOR EACH ROW EXECUTE FUNCTION refuse_audit_change();
--> statement-breakpoint
CREATE TRIGGER auth_events_no_truncate
  BEFORE TRUNCATE ON auth_events
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_audit_change();

-- The ledger's rules, enforced by the database whatever the application does (see modules/wallet).

-- Entries and transactions are the record of what happened: added, never changed or removed. Accounts and
-- currencies never change either: the service caches them, and an exponent changed under existing amounts
-- would rescale every one of them.
CREATE FUNCTION refuse_ledger_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows cannot be changed (% refused)', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_insert_only
  BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate
  BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_ledger_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_insert_only
  BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_truncate
  BEFORE TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_ledger_change();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_immutable
  BEFORE UPDATE OR DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_truncate
  BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_ledger_change();
--> statement-breakpoint
CREATE TRIGGER currencies_immutable
  BEFORE UPDATE ON currencies
  FOR EACH ROW WHEN (OLD.code <> NEW.code OR OLD.exponent <> NEW.exponent)
  EXECUTE FUNCTION refuse_ledger_change();
--> statement-breakpoint
CREATE TRIGGER currencies_no_delete
  BEFORE DELETE ON currencies
  FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();
--> statement-breakpoint
-- A balance changes (only its amount), but never disappears or moves to another account.
CREATE TRIGGER ledger_balances_amount_only
  BEFORE UPDATE ON ledger_balances
  FOR EACH ROW WHEN (
    (OLD.account_id, OLD.shard, OLD.currency, OLD.may_go_negative)
      IS DISTINCT FROM (NEW.account_id, NEW.shard, NEW.currency, NEW.may_go_negative)
  )
  EXECUTE FUNCTION refuse_ledger_change();
--> statement-breakpoint
CREATE TRIGGER ledger_balances_no_delete
  BEFORE DELETE ON ledger_balances
  FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();
--> statement-breakpoint
CREATE TRIGGER ledger_balances_no_truncate
  BEFORE TRUNCATE ON ledger_balances
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_ledger_change();
--> statement-breakpoint
-- A hold is settled once: pending may become posted or voided; nothing else ever changes.
CREATE TRIGGER ledger_holds_settle_once
  BEFORE UPDATE ON ledger_holds
  FOR EACH ROW WHEN (
    OLD.status <> 'pending'
    OR (OLD.id, OLD.brand_id, OLD.source_account_id, OLD.hold_account_id, OLD.amount, OLD.reserve_transaction_id)
      IS DISTINCT FROM
       (NEW.id, NEW.brand_id, NEW.source_account_id, NEW.hold_account_id, NEW.amount, NEW.reserve_transaction_id)
  )
  EXECUTE FUNCTION refuse_ledger_change();
--> statement-breakpoint
CREATE TRIGGER ledger_holds_no_delete
  BEFORE DELETE ON ledger_holds
  FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();
--> statement-breakpoint
CREATE TRIGGER ledger_holds_no_truncate
  BEFORE TRUNCATE ON ledger_holds
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_ledger_change();
--> statement-breakpoint
-- Double entry, checked when the database transaction commits (deferred, so the entries of one posting may
-- be written in any order and number of statements): every ledger transaction has entries, and they sum to
-- zero in each currency. A bug in any code path cannot commit money out of thin air.
CREATE FUNCTION check_ledger_transaction_balanced(checked_id bigint, needs_entries boolean) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  entry_count bigint;
  imbalance text;
BEGIN
  SELECT coalesce(sum(per_currency.entries), 0),
         string_agg(per_currency.currency || ' ' || per_currency.total, ', ') FILTER (WHERE per_currency.total <> 0)
    INTO entry_count, imbalance
    FROM (
      SELECT currency, sum(amount) AS total, count(*) AS entries FROM ledger_entries
      WHERE transaction_id = checked_id GROUP BY currency
    ) AS per_currency;
  IF needs_entries AND entry_count < 2 THEN
    RAISE EXCEPTION 'ledger transaction % has % entries; at least two are needed', checked_id, entry_count
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transaction_balanced';
  END IF;
  IF imbalance IS NOT NULL THEN
    RAISE EXCEPTION 'ledger transaction % does not balance (%)', checked_id, imbalance
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transaction_balanced';
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION check_new_ledger_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM check_ledger_transaction_balanced(NEW.id, true);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION check_new_ledger_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM check_ledger_transaction_balanced(NEW.transaction_id, false);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_transactions_balanced
  AFTER INSERT ON ledger_transactions
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION check_new_ledger_transaction();
--> statement-breakpoint
-- Also on entries, for an entry added later to a transaction committed earlier.
CREATE CONSTRAINT TRIGGER ledger_entries_balanced
  AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION check_new_ledger_entry();

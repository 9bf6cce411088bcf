-- The ledger's invariants as one query: every row it answers is a violation, so zero rows means the ledger
-- holds. Run after every test file (and by an operator at any time; it reads, it never writes).
-- Columns: violation (which rule), subject (what broke it), detail.

-- 1. Every transaction has at least two entries and they sum to zero in each currency.
select 'transaction_unbalanced' as violation, t.id::text as subject,
       coalesce(per_currency.currency || ' sums to ' || per_currency.total, 'no entries') as detail
from ledger_transactions t
left join (
  select transaction_id, currency, sum(amount) as total from ledger_entries group by transaction_id, currency
) as per_currency on per_currency.transaction_id = t.id
where per_currency.total is null or per_currency.total <> 0

union all
select 'transaction_too_few_entries', t.id::text, count(e.id)::text || ' entries'
from ledger_transactions t
left join ledger_entries e on e.transaction_id = t.id
group by t.id
having count(e.id) < 2

-- 2. Every tracked balance equals the sum of its entries, shard by shard.
union all
select 'balance_differs_from_entries', b.account_id::text || '/' || b.shard::text,
       'balance ' || b.balance || ', entries sum to ' || coalesce(sums.total, 0)
from ledger_balances b
left join (
  select account_id, shard, sum(amount) as total from ledger_entries group by account_id, shard
) as sums on sums.account_id = b.account_id and sums.shard = b.shard
where b.balance <> coalesce(sums.total, 0)

-- 3. Each entry's balance_after is the running sum of its shard's entries, in entry id order (so entry ids
--    follow the order balances changed in, and the statement a member sees adds up).
union all
select 'running_balance_broken', running.id::text,
       'balance_after ' || running.balance_after || ', running sum ' || running.running_sum
from (
  select id, balance_after,
         sum(amount) over (partition by account_id, shard order by id) as running_sum
  from ledger_entries
) as running
where running.balance_after <> running.running_sum

-- 4. No balance below zero where the account may not go negative.
union all
select 'forbidden_negative_balance', a.id::text, 'balance ' || sum(b.balance)
from ledger_accounts a
join ledger_balances b on b.account_id = a.id
where not a.may_go_negative
group by a.id
having min(b.balance) < 0 or sum(b.balance) < 0

-- 5. Entries and balance rows agree with their account (currency, negative flag, shard range), and every
--    account has exactly its shards.
union all
select 'entry_account_mismatch', e.id::text, 'entry ' || e.currency || ', account ' || a.currency
from ledger_entries e
join ledger_accounts a on a.id = e.account_id
where e.currency <> a.currency or e.shard >= a.shard_count

union all
select 'balance_account_mismatch', b.account_id::text || '/' || b.shard::text, 'copied fields differ'
from ledger_balances b
join ledger_accounts a on a.id = b.account_id
where b.currency <> a.currency or b.may_go_negative <> a.may_go_negative or b.shard >= a.shard_count

union all
select 'account_shards_missing', a.id::text, count(b.shard)::text || ' of ' || a.shard_count || ' shards'
from ledger_accounts a
left join ledger_balances b on b.account_id = a.id
group by a.id
having count(b.shard) <> a.shard_count

-- 6. A hold account holds exactly its pending holds, and a settled hold has its settlement.
union all
select 'hold_account_differs_from_pending_holds', a.id::text,
       'balance ' || coalesce((select sum(balance) from ledger_balances where account_id = a.id), 0)
         || ', pending holds ' || coalesce(sum(h.amount) filter (where h.status = 'pending'), 0)
from ledger_accounts a
left join ledger_holds h on h.hold_account_id = a.id
where a.kind = 'member_hold'
group by a.id
having coalesce((select sum(balance) from ledger_balances where account_id = a.id), 0)
       <> coalesce(sum(h.amount) filter (where h.status = 'pending'), 0)

union all
select 'hold_settlement_mismatch', h.id::text, h.status
from ledger_holds h
left join ledger_entries reserved
  on reserved.transaction_id = h.reserve_transaction_id and reserved.account_id = h.hold_account_id
left join ledger_entries released
  on released.transaction_id = h.settle_transaction_id and released.account_id = h.hold_account_id
where reserved.amount is distinct from h.amount
   or (h.status = 'pending') <> (h.settle_transaction_id is null)
   or (h.status <> 'pending' and released.amount is distinct from -h.amount)

-- 7. Entries and transactions cannot be updated or deleted: their refusing triggers exist and are enabled.
union all
select 'insert_only_trigger_missing', required.name, 'trigger absent or disabled'
from (
  values ('ledger_entries_insert_only'), ('ledger_entries_no_truncate'),
         ('ledger_transactions_insert_only'), ('ledger_transactions_no_truncate'),
         ('ledger_entries_balanced'), ('ledger_transactions_balanced')
) as required (name)
where not exists (
  select from pg_trigger where tgname = required.name and tgenabled <> 'D' and not tgisinternal
)

import { sql } from 'drizzle-orm';
import { numberArray } from '../../db/array-literals';
import { type Executor, selectRows } from '../../db/database';
import { evidenceListLimit } from './aml-defaults';

/**
 * The sharing rules (shared_ip, shared_payout_account, shared_device) for one member at a time, over the members
 * and payments modules' published views (the devices come from the auth service). A flag is the member's, keyed by
 * the shared value, with every account that shares it (the member included) as its evidence: once per member and
 * value, however often the member is checked again.
 */

export type DueCheck = { memberId: bigint; brandId: bigint; touches: number };

/** Members due for a sharing check, lowest id first. */
export const listDueChecks = async (executor: Executor, limit: number): Promise<DueCheck[]> => {
  const rows = await selectRows<{ member_id: string | bigint; brand_id: string | bigint; touches: number }>(
    executor,
    sql`select member_id, brand_id, touches from aml_member_checks
      where touches > checked_touches order by member_id limit ${limit}`,
  );
  return rows.map((row) => ({
    memberId: BigInt(row.member_id),
    brandId: BigInt(row.brand_id),
    touches: row.touches,
  }));
};

/** The check saw the member as of `touches`: a touch that came meanwhile leaves them due. */
export const markChecked = async (executor: Executor, memberId: bigint, touches: number): Promise<void> => {
  await executor.execute(
    sql`update aml_member_checks set checked_touches = greatest(checked_touches, ${touches}::int4)
      where member_id = ${memberId}`,
  );
};

const countFlagged = async (executor: Executor, statement: ReturnType<typeof sql>): Promise<number> => {
  const [row] = await selectRows<{ flagged: number }>(executor, statement);
  return row?.flagged ?? 0;
};

/** The flag insert of a sharing rule over `groups (value, key, account_count, ids)`; answers how many it wrote. */
const insertSharingFlags = (rule: string, brandId: bigint, memberId: bigint, minAccounts: number) =>
  sql`flagged as (
      insert into aml_flags (brand_id, rule, member_id, evidence_key, evidence)
      select ${brandId}::int8, ${rule}::text, ${memberId}::int8, key,
        jsonb_build_object('sharedValue', value, 'accountCount', account_count,
          'memberIds', to_jsonb((ids[1:${evidenceListLimit}])::text[]))
      from groups
      where account_count >= ${minAccounts}::int4
      order by key
      on conflict (rule, member_id, evidence_key) do nothing
      returning 1
    )
    select count(*)::int4 as flagged from flagged`;

/** Accounts of the brand registered or last signed in from the member's registration or last sign-in address. */
export const flagSharedAddresses = (
  executor: Executor,
  { memberId, brandId }: { memberId: bigint; brandId: bigint },
  minAccounts: number,
): Promise<number> =>
  countFlagged(
    executor,
    sql`with own as (
      select a.register_ip, a.last_login_ip from members_addresses a where a.id = ${memberId}
    ), addresses as (
      select distinct shared.ip from own
      cross join lateral unnest(array[own.register_ip, own.last_login_ip]) as shared(ip)
      where shared.ip is not null and shared.ip <> ''
    ), sharing as (
      select s.ip, a.id from addresses s
      join members_addresses a on a.brand_id = ${brandId} and (a.register_ip = s.ip or a.last_login_ip = s.ip)
      join members_directory m on m.id = a.id and m.type <> 4
    ), groups as (
      select ip as value, 'ip:' || ip as key, count(distinct id)::int4 as account_count,
        array_agg(distinct id) as ids
      from sharing group by ip
    ), ${insertSharingFlags('shared_ip', brandId, memberId, minAccounts)}`,
  );

/** Accounts of the brand that added a payout account with the number of one of the member's (removed ones too). */
export const flagSharedPayoutAccounts = (
  executor: Executor,
  { memberId, brandId }: { memberId: bigint; brandId: bigint },
  minAccounts: number,
): Promise<number> =>
  countFlagged(
    executor,
    sql`with own as (
      select distinct account_number from payments_payout_account_numbers
      where member_id = ${memberId} and brand_id = ${brandId}
    ), sharing as (
      select o.account_number, p.member_id from own o
      join payments_payout_account_numbers p on p.brand_id = ${brandId} and p.account_number = o.account_number
      join members_directory m on m.id = p.member_id and m.type <> 4
    ), groups as (
      -- The number itself stays out of the flag: its last four characters show, its hash keys the flag.
      select '****' || right(account_number, 4) as value, 'payout:' || md5(account_number) as key,
        count(distinct member_id)::int4 as account_count, array_agg(distinct member_id) as ids
      from sharing group by account_number
    ), ${insertSharingFlags('shared_payout_account', brandId, memberId, minAccounts)}`,
  );

/** A device (address and browser) the member signed in from, with the other members seen on it. */
export type SharedDevice = { ip: string; userAgent: string; memberIds: readonly bigint[] };

/** The devices the auth service found the member sharing, counted with the member (trial accounts left out). */
export const flagSharedDevices = (
  executor: Executor,
  { memberId, brandId }: { memberId: bigint; brandId: bigint },
  minAccounts: number,
  devices: readonly SharedDevice[],
): Promise<number> =>
  devices.length === 0
    ? Promise.resolve(0)
    : countFlagged(
        executor,
        sql`with devices as (
      select d.ip, d.user_agent, d.member_ids::bigint[] as member_ids
      from jsonb_to_recordset(${JSON.stringify(
        devices.map((device) => ({
          ip: device.ip,
          user_agent: device.userAgent,
          member_ids: numberArray([...device.memberIds, memberId]),
        })),
      )}::jsonb) as d(ip text, user_agent text, member_ids text)
    ), sharing as (
      select d.ip, d.user_agent, m.id from devices d
      join members_directory m on m.id = any(d.member_ids) and m.brand_id = ${brandId} and m.type <> 4
    ), groups as (
      select ip || ' · ' || user_agent as value, 'device:' || md5(ip || ' ' || user_agent) as key,
        count(distinct id)::int4 as account_count, array_agg(distinct id) as ids
      from sharing group by ip, user_agent
    ), ${insertSharingFlags('shared_device', brandId, memberId, minAccounts)}`,
      );

import type { PromotionConfig } from '@wps/contracts/promotions';
import { type SQL, sql } from 'drizzle-orm';
import { numberArray } from '../../db/array-literals';
import { type Executor, rowsOfResult, selectRows } from '../../db/database';

/** Member types that are agents (excluded when a promotion's eligibility says so). */
const agentTypes = [1, 2, 41, 42];

/** A live promotion of a paying kind with its brand's clock and currency; days as 'YYYY-MM-DD' there. */
export type PayingPromotion = {
  id: bigint;
  brandId: bigint;
  config: PromotionConfig;
  turnoverPercent: number;
  excludeAgents: boolean;
  title: string;
  startsAt: Date;
  endsAt: Date | null;
  timeZone: string;
  currency: string;
  exponent: number;
  today: string;
  yesterday: string;
};

type PromotionRow = {
  id: bigint;
  brand_id: bigint;
  config: PromotionConfig;
  turnover_percent: number;
  exclude_agents: boolean | null;
  title: string;
  starts_at: Date | string;
  ends_at: Date | string | null;
  time_zone: string;
  currency: string;
  exponent: number;
  today: string;
  yesterday: string;
};

const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/**
 * Live promotions of `kind` (of one brand, or all) that ran during the last `lookbackDays` days before `now`:
 * one that ended yesterday still pays yesterday.
 */
export const listPayingPromotions = async (
  executor: Executor,
  kind: 'rebate' | 'cashback',
  now: Date,
  brandId?: bigint,
  lookbackDays = 8,
): Promise<PayingPromotion[]> => {
  const rows = await selectRows<PromotionRow>(
    executor,
    sql`select p.id, p.brand_id, p.config, p.turnover_percent,
          (p.eligibility->>'excludeAgents')::boolean as exclude_agents, p.content->'en'->>'title' as title,
          p.starts_at, p.ends_at, b.time_zone, b.currency, c.exponent,
          to_char((${now.toISOString()}::timestamptz at time zone b.time_zone)::date, 'YYYY-MM-DD') as today,
          to_char((${now.toISOString()}::timestamptz at time zone b.time_zone)::date - 1, 'YYYY-MM-DD') as yesterday
        from promotions p
        join site_brands b on b.id = p.brand_id
        join wallet_currencies c on c.code = b.currency
        where p.kind = ${kind} and p.status = 'live' and p.starts_at <= ${now.toISOString()}::timestamptz
          and (p.ends_at is null or p.ends_at > ${now.toISOString()}::timestamptz - make_interval(days => ${lookbackDays}))
          ${brandId === undefined ? sql`` : sql`and p.brand_id = ${brandId}`}
        order by p.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    brandId: row.brand_id,
    config: row.config,
    turnoverPercent: row.turnover_percent,
    excludeAgents: row.exclude_agents === true,
    title: row.title,
    startsAt: toDate(row.starts_at),
    endsAt: row.ends_at === null ? null : toDate(row.ends_at),
    timeZone: row.time_zone,
    currency: row.currency,
    exponent: row.exponent,
    today: row.today,
    yesterday: row.yesterday,
  }));
};

/** The part of [day start, day end) in the brand's time zone that the promotion ran, and not after `now`. */
const dayBounds = (promotion: PayingPromotion, day: string, now: Date): SQL => sql`
  select greatest((${day}::date)::timestamp at time zone ${promotion.timeZone}, ${promotion.startsAt.toISOString()}::timestamptz)
           as from_at,
         least(((${day}::date) + 1)::timestamp at time zone ${promotion.timeZone},
               coalesce(${promotion.endsAt?.toISOString() ?? null}::timestamptz, 'infinity'::timestamptz), ${now.toISOString()}::timestamptz) as to_at`;

const eligibleMember = (promotion: PayingPromotion, memberColumn: SQL): SQL =>
  promotion.excludeAgents
    ? sql`and not exists (select 1 from members_directory m where m.id = ${memberColumn}
            and m.type in (${sql.join(
              agentTypes.map((type) => sql`${type}`),
              sql`, `,
            )}))`
    : sql``;

export type AccrueRebates = {
  promotion: PayingPromotion;
  day: string;
  rates: Record<string, number>;
  /** The most one member is paid for the day (0: no limit), minor units. */
  dailyCap: bigint;
  now: Date;
  /** One member only (the manual rebate page and claim); all the brand's members when absent. */
  memberId?: bigint;
  /** A day being paid automatically: a day already paid in part is left as it is. */
  isFinal: boolean;
};

/**
 * The day's rebate of every member (or one) in one statement: settled rounds' valid bet per member and product
 * line, times the line's rate in basis points (rounded down), written to rebate_accruals; their sum within the
 * daily cap to rebate_days. Rows whose figures did not change are not rewritten. Answers the days written.
 */
export const accrueRebates = async (executor: Executor, input: AccrueRebates): Promise<number> => {
  const { promotion, day, rates, dailyCap, now, memberId, isFinal } = input;
  const ratesJson = JSON.stringify(rates);
  const oneMember =
    memberId === undefined ? sql`` : sql`and r.member_id = ${memberId} and r.opened_at < b.to_at`;
  const result: unknown = await executor.execute(sql`
    with b as (${dayBounds(promotion, day, now)}),
    rates as (
      select key as product_line, value::int as rate_bp from jsonb_each_text(${ratesJson}::jsonb)
      where value::int > 0
    ),
    lines as (
      select r.member_id, r.product_line, sum(r.valid_bet)::bigint as valid_bet
      from games_settled_rounds r, b
      where r.brand_id = ${promotion.brandId} and r.currency = ${promotion.currency}
        and r.settled_at >= b.from_at and r.settled_at < b.to_at ${oneMember}
        and r.product_line in (select product_line from rates)
        ${eligibleMember(promotion, sql`r.member_id`)}
      group by r.member_id, r.product_line
      having sum(r.valid_bet) > 0
    ),
    rated as (
      select l.member_id, l.product_line, l.valid_bet, rt.rate_bp, l.valid_bet * rt.rate_bp / 10000 as amount
      from lines l join rates rt on rt.product_line = l.product_line
    ),
    saved_lines as (
      insert into rebate_accruals (promotion_id, member_id, day, product_line, valid_bet, rate_bp, amount)
      select ${promotion.id}, member_id, ${day}::date, product_line, valid_bet, rate_bp, amount
      from rated order by member_id, product_line
      on conflict (promotion_id, member_id, day, product_line) do update
        set valid_bet = excluded.valid_bet, rate_bp = excluded.rate_bp, amount = excluded.amount,
            updated_at = now()
        where (rebate_accruals.valid_bet, rebate_accruals.amount)
              is distinct from (excluded.valid_bet, excluded.amount)
      returning 1
    ),
    saved_days as (
      insert into rebate_days (promotion_id, member_id, day, brand_id, currency, amount)
      select ${promotion.id}, member_id, ${day}::date, ${promotion.brandId}, ${promotion.currency},
             (case when ${dailyCap}::bigint > 0 then least(sum(amount), ${dailyCap}::bigint) else sum(amount) end)::bigint
      from rated group by member_id having sum(amount) > 0 order by member_id
      on conflict (promotion_id, member_id, day) do update
        set amount = greatest(excluded.amount, rebate_days.paid_amount), updated_at = now()
        where rebate_days.amount <> greatest(excluded.amount, rebate_days.paid_amount)
          ${isFinal ? sql`and rebate_days.paid_amount = 0` : sql``}
      returning 1
    )
    select (select count(*) from saved_days)::int as days, (select count(*) from saved_lines)::int as lines`);
  return rowsOfResult<{ days: number }>(result)[0]?.days ?? 0;
};

/** The next members of a day with rebate left to pay, after `afterMemberId`, with their cash account. */
export const listUnpaidRebates = (
  executor: Executor,
  promotionId: bigint,
  day: string,
  afterMemberId: bigint,
  limit: number,
) =>
  selectRows<{ member_id: bigint; account_id: bigint | null }>(
    executor,
    sql`select d.member_id, a.account_id
        from rebate_days d
        left join wallet_member_cash_accounts a
          on a.member_id = d.member_id and a.currency = d.currency and a.brand_id = d.brand_id
        where d.promotion_id = ${promotionId} and d.day = ${day}::date and d.amount > d.paid_amount
          and d.member_id > ${afterMemberId}
        order by d.member_id
        limit ${limit}`,
  );

// The chunk's range bounds the index scan: `= any` alone would walk every unpaid row of the day.
const lowest = (ids: readonly bigint[]): bigint => ids.reduce((low, id) => (id < low ? id : low));
const highest = (ids: readonly bigint[]): bigint => ids.reduce((high, id) => (id > high ? id : high));

/**
 * Marks the members' rebate of the day paid (paid_amount up to amount) and answers what each is owed now. Rows
 * another payer holds are skipped (skip locked) and rows already paid do not qualify, so whatever runs at the
 * same time, each amount is answered to one transaction only, which pays it. Two plain statements on the
 * primary key: the rows are locked and read, then updated.
 */
export const takeUnpaidRebates = async (
  executor: Executor,
  promotionId: bigint,
  day: string,
  memberIds: readonly bigint[],
) => {
  const owed = await selectRows<{ member_id: bigint; amount: bigint }>(
    executor,
    sql`select member_id, amount - paid_amount as amount from rebate_days
        where promotion_id = ${promotionId} and day = ${day}::date
          and member_id between ${lowest(memberIds)} and ${highest(memberIds)}
          and member_id = any(${numberArray(memberIds)}::bigint[]) and amount > paid_amount
        order by member_id
        for update skip locked`,
  );
  if (owed.length === 0) return owed;
  await executor.execute(
    sql`update rebate_days set paid_amount = amount, paid_at = now(), updated_at = now()
        where promotion_id = ${promotionId} and day = ${day}::date
          and member_id between ${lowest(memberIds)} and ${highest(memberIds)}
          and member_id = any(${numberArray(owed.map((row) => row.member_id))}::bigint[])`,
  );
  return owed;
};

/**
 * The member's unpaid rebate of every promotion of the brand, marked paid in the caller's transaction. Rows are
 * locked (waiting for a concurrent claim, then re-checked), so concurrent claims answer each amount once.
 */
export const takeMemberRebates = (executor: Executor, brandId: bigint, memberId: bigint) =>
  selectRows<{ promotion_id: bigint; day: string; amount: bigint; turnover_percent: number }>(
    executor,
    sql`with locked as (
          select promotion_id, day, amount, paid_amount from rebate_days
          where member_id = ${memberId} and brand_id = ${brandId} and amount > paid_amount
          order by promotion_id, day
          for update
        ),
        paid as (
          update rebate_days d set paid_amount = l.amount, paid_at = now(), updated_at = now()
          from locked l
          where d.member_id = ${memberId} and d.promotion_id = l.promotion_id and d.day = l.day
          returning d.promotion_id, d.day, (l.amount - l.paid_amount) as amount
        )
        select paid.promotion_id, to_char(paid.day, 'YYYY-MM-DD') as day, paid.amount, p.turnover_percent
        from paid join promotions p on p.id = paid.promotion_id
        order by paid.day, paid.promotion_id`,
  );

export const insertRebateClaim = async (
  executor: Executor,
  claim: {
    brandId: bigint;
    memberId: bigint;
    currency: string;
    amount: bigint;
    days: Record<string, string>;
  },
): Promise<bigint> => {
  const [row] = await selectRows<{ id: bigint }>(
    executor,
    sql`insert into rebate_claims (brand_id, member_id, currency, amount, days)
        values (${claim.brandId}, ${claim.memberId}, ${claim.currency}, ${claim.amount},
                ${JSON.stringify(claim.days)}::jsonb)
        returning id`,
  );
  if (!row) throw new Error('rebate_claims insert returned no row');
  return row.id;
};

export const setClaimTransaction = async (executor: Executor, claimId: bigint, transactionId: bigint) => {
  await executor.execute(
    sql`update rebate_claims set ledger_transaction_id = ${transactionId} where id = ${claimId}`,
  );
};

/**
 * The member's accrued rebate by product line over the days with something left to claim and today, and what
 * is left to claim (within each day's cap).
 */
export const readMemberRebate = async (
  executor: Executor,
  brandId: bigint,
  memberId: bigint,
  today: string,
) => {
  const lines = await selectRows<{ product_line: string; valid_bet: bigint; amount: bigint }>(
    executor,
    sql`select a.product_line, sum(a.valid_bet)::bigint as valid_bet, sum(a.amount)::bigint as amount
        from rebate_days d
        join rebate_accruals a
          on a.promotion_id = d.promotion_id and a.member_id = d.member_id and a.day = d.day
        where d.member_id = ${memberId} and d.brand_id = ${brandId}
          and (d.amount > d.paid_amount or d.day = ${today}::date)
        group by a.product_line
        order by a.product_line`,
  );
  const [left] = await selectRows<{ claimable: bigint }>(
    executor,
    sql`select coalesce(sum(amount - paid_amount), 0)::bigint as claimable
        from rebate_days
        where member_id = ${memberId} and brand_id = ${brandId} and amount > paid_amount`,
  );
  return { lines, claimable: left?.claimable ?? 0n };
};

export const listRebateClaims = (executor: Executor, memberId: bigint, limit: number) =>
  selectRows<{ id: bigint; amount: bigint; days: Record<string, string>; created_at: Date | string }>(
    executor,
    sql`select id, amount, days, created_at from rebate_claims
        where member_id = ${memberId} order by id desc limit ${limit}`,
  );

export type CashbackPeriod = { start: string; end: string };

/**
 * Cashback rewards for one closed period in one statement: each member's net loss on settled rounds (stakes
 * less refunds less wins), at least `minLoss`, times the percent (rounded down), within the cap, written to
 * member_rewards once per member and period (its unique reference). Answers the rewards created.
 */
export const createCashbackRewards = async (
  executor: Executor,
  input: {
    promotion: PayingPromotion;
    period: CashbackPeriod;
    percent: number;
    minLoss: bigint;
    cap: bigint;
    now: Date;
    expiresAt: Date;
  },
): Promise<number> => {
  const { promotion, period, percent, minLoss, cap, now, expiresAt } = input;
  const reference = `cashback:${promotion.id}:${period.start}`;
  const result: unknown = await executor.execute(sql`
    with b as (
      select greatest((${period.start}::date)::timestamp at time zone ${promotion.timeZone},
                      ${promotion.startsAt.toISOString()}::timestamptz) as from_at,
             least((${period.end}::date)::timestamp at time zone ${promotion.timeZone},
                   coalesce(${promotion.endsAt?.toISOString() ?? null}::timestamptz, 'infinity'::timestamptz), ${now.toISOString()}::timestamptz) as to_at
    ),
    losses as (
      select r.member_id, sum(r.bet_amount - r.refunded_amount - r.win_amount)::bigint as net_loss
      from games_settled_rounds r, b
      where r.brand_id = ${promotion.brandId} and r.currency = ${promotion.currency}
        and r.settled_at >= b.from_at and r.settled_at < b.to_at
        ${eligibleMember(promotion, sql`r.member_id`)}
      group by r.member_id
    ),
    rewards as (
      select member_id,
             (case when ${cap}::bigint > 0 then least(net_loss * ${percent} / 100, ${cap}::bigint)
                   else net_loss * ${percent} / 100 end)::bigint as amount
      from losses
      where net_loss > 0 and net_loss >= ${minLoss}::bigint
    ),
    created as (
      insert into member_rewards (brand_id, member_id, currency, source, promotion_id, reference, title, amount,
                                  turnover_required, expires_at)
      select ${promotion.brandId}, member_id, ${promotion.currency}, 'cashback', ${promotion.id}, ${reference},
             ${promotion.title}, amount, amount * ${promotion.turnoverPercent} / 100, ${expiresAt.toISOString()}::timestamptz
      from rewards where amount > 0 order by member_id
      on conflict (member_id, source, reference) do nothing
      returning 1
    )
    select count(*)::int as created from created`);
  return rowsOfResult<{ created: number }>(result)[0]?.created ?? 0;
};

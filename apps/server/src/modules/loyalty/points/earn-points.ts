import type { Transaction } from '../../../db/database';
import { type LedgerService, maxLegs, type PostingRequest } from '../../wallet/ledger.service';
import {
  dayFiguresKey,
  type LoyaltyActivity,
  type LoyaltyBatch,
  type MemberFigures,
} from '../fold/fold-types';
import * as repository from '../points.repository';
import { earningSourceOf, scaleRate, settleUnits, unitsPerPoint } from './earning-rules';
import { pointBalance, pointsCurrency, postPoints } from './point-ledger';

/** One member's share of a batch: signed stakes per product line (refunds negative) and deposits. */
type Tally = {
  brandId: bigint;
  memberId: bigint;
  currency: string;
  firstTransactionId: bigint;
  lastDay: string;
  deposits: bigint;
  stakes: Map<string | null, bigint>;
};

const tallyBatch = (activities: readonly LoyaltyActivity[]): Map<bigint, Tally> => {
  const tallies = new Map<bigint, Tally>();
  for (const activity of activities) {
    if (activity.kind === 'payout') continue;
    let tally = tallies.get(activity.memberId);
    if (!tally) {
      tally = {
        brandId: activity.brandId,
        memberId: activity.memberId,
        currency: activity.currency,
        firstTransactionId: activity.transactionId,
        lastDay: activity.day,
        deposits: 0n,
        stakes: new Map(),
      };
      tallies.set(activity.memberId, tally);
    }
    if (activity.transactionId < tally.firstTransactionId) tally.firstTransactionId = activity.transactionId;
    if (activity.day > tally.lastDay) tally.lastDay = activity.day;
    if (activity.kind === 'deposit') tally.deposits += activity.amount;
    else {
      const signed = activity.kind === 'bet' ? activity.amount : -activity.amount;
      tally.stakes.set(activity.productLine, (tally.stakes.get(activity.productLine) ?? 0n) + signed);
    }
  }
  return tallies;
};

type BrandRules = { isEnabled: boolean; depositRate: bigint; rates: Map<number, Record<string, string>> };

const readBrandRules = async (tx: Transaction, tallies: Iterable<Tally>) => {
  const rules = new Map<bigint, BrandRules>();
  for (const tally of tallies) {
    if (rules.has(tally.brandId)) continue;
    const settings = await repository.findSettings(tx, tally.brandId);
    rules.set(tally.brandId, {
      isEnabled: settings.isPointsEnabled,
      depositRate: scaleRate(settings.pointsPerDepositUnit),
      rates: await repository.findPointRates(tx, tally.brandId),
    });
  }
  return rules;
};

/** Units earned per source (deposit, live, slots …) at the member's rates; refunds count negative. */
const unitsBySource = (tally: Tally, rules: BrandRules, rank: number): Map<string, bigint> => {
  const units = new Map<string, bigint>();
  if (!rules.isEnabled) return units;
  if (tally.deposits > 0n && rules.depositRate > 0n) units.set('deposit', tally.deposits * rules.depositRate);
  const rates = rules.rates.get(rank) ?? {};
  for (const [line, amount] of tally.stakes) {
    const rate = scaleRate(line === null ? undefined : rates[line]);
    if (rate === 0n || amount === 0n) continue;
    const source = earningSourceOf(line);
    units.set(source, (units.get(source) ?? 0n) + amount * rate);
  }
  return units;
};

const addToEarnedBy = (earnedBy: Record<string, string>, units: Map<string, bigint>) => {
  const next = { ...earnedBy };
  for (const [source, amount] of units) next[source] = (BigInt(next[source] ?? '0') + amount).toString();
  return next;
};

/**
 * The points consumer of the loyalty fold: points for each member's deposits and valid bets of the batch (a bet
 * at the rate of its product line at the member's VIP rank now; a refund takes back at the same rate), in whole
 * points with the fraction carried on `loyalty_member_totals.points_remainder`, so splitting play across batches
 * never loses or makes a point. Whole points wait on `points_pending` for the next round, which credits every
 * member with points pending in postings of up to 63 members: a posting per member and batch cost as much ledger
 * work as the bets it followed. A round runs at most every `rounds.intervalMs` and in every batch of a fold asked
 * for. A refund takes back from the points pending first and posts only the rest (checked against the balance).
 * The fraction, the per-source totals, the points pending and the day's points are set on the batch's figures,
 * which the fold writes with the rest of them (one write of each member's rows a batch).
 */
type EarningDependencies = {
  ledger: LedgerService;
  accounts: Map<string, bigint>;
  /** Accounts first used since the last commit, for `warmPointsAccounts`. */
  fresh: Set<bigint>;
  /** When the last round ran (ms), kept across batches, and how long rounds are apart. */
  rounds: { lastAt: number; intervalMs: number };
  now: () => Date;
};

export const earnPoints = async (
  deps: EarningDependencies,
  tx: Transaction,
  batch: LoyaltyBatch,
): Promise<bigint[]> => {
  try {
    const changed = await earnBatchPoints(deps, tx, batch);
    const at = deps.now().getTime();
    if (!batch.isAskedFor && at - deps.rounds.lastAt < deps.rounds.intervalMs) return changed;
    deps.rounds.lastAt = at;
    return [...changed, ...(await creditPending(deps, tx, batch))];
  } catch (error) {
    deps.accounts.clear();
    throw error;
  }
};

const earnBatchPoints = async (
  deps: EarningDependencies,
  tx: Transaction,
  batch: LoyaltyBatch,
): Promise<bigint[]> => {
  const tallies = tallyBatch(batch.activities);
  if (tallies.size === 0) return [];
  const memberIds = [...tallies.keys()];
  const rules = await readBrandRules(tx, tallies.values());
  const ranks = await repository.findRanks(tx, memberIds);
  const changed: bigint[] = [];
  for (const tally of tallies.values()) {
    const brandRules = rules.get(tally.brandId);
    const state = batch.members.get(tally.memberId);
    if (!brandRules || !state) continue;
    const units = unitsBySource(tally, brandRules, ranks.get(tally.memberId) ?? 0);
    if (units.size === 0) continue;
    const batchUnits = [...units.values()].reduce((total, value) => total + value, 0n);
    const unit = unitsPerPoint(await deps.ledger.getCurrencyExponent(tally.currency, tx));
    const held =
      state.pointsRemainder + batchUnits < 0n
        ? state.pointsPending + (await pointBalance(deps.ledger, tx, tally.brandId, tally.memberId))
        : 0n;
    const settled = settleUnits(state.pointsRemainder, batchUnits, unit, held);
    // The fold writes the state and the day's points with the batch's figures.
    state.pointsRemainder = settled.remainder;
    state.pointsEarnedBy = addToEarnedBy(state.pointsEarnedBy, units);
    if (settled.points === 0n) continue;
    const day = batch.days.get(dayFiguresKey(tally.memberId, tally.lastDay));
    if (day) day.points += settled.points;
    const pending = state.pointsPending + settled.points;
    state.pointsPending = pending > 0n ? pending : 0n;
    if (pending >= 0n) continue;
    // Rare (a refund of play already credited): the part beyond the points pending, checked against the balance.
    changed.push(tally.memberId);
    await postPoints(deps.ledger, tx, {
      brandId: tally.brandId,
      memberId: tally.memberId,
      points: pending,
      movement: 'points.earn',
      idempotencyKey: `points-earn:${tally.memberId}:${tally.firstTransactionId}`,
      memo: 'refund',
    });
  }
  return changed;
};

/**
 * A round: credits every member's points pending, the batch's members' from the batch's figures (the fold writes
 * them with zero pending) and the others' from their rows (set to zero here). Answers the members credited.
 */
const creditPending = async (
  deps: EarningDependencies,
  tx: Transaction,
  batch: LoyaltyBatch,
): Promise<bigint[]> => {
  // The members whose figures the fold writes after this batch: those with a day in it (see `writeFigures`).
  const written = new Map<bigint, MemberFigures>();
  for (const day of batch.days.values()) {
    const figures = batch.members.get(day.memberId);
    if (figures) written.set(day.memberId, figures);
  }
  const stored = await repository.takePendingPoints(tx, [...written.keys()]);
  const credits = new Map<bigint, Credit[]>();
  const add = (credit: Credit & { brandId: bigint }) => {
    const brandCredits = credits.get(credit.brandId) ?? [];
    brandCredits.push(credit);
    credits.set(credit.brandId, brandCredits);
  };
  for (const figures of written.values()) {
    if (figures.pointsPending === 0n) continue;
    add({ brandId: figures.brandId, memberId: figures.memberId, points: figures.pointsPending });
    figures.pointsPending = 0n;
  }
  for (const row of stored) add(row);
  if (credits.size === 0) return [];
  const round = await repository.nextPointsRound(tx);
  for (const [brandId, members] of credits) {
    const requests = await creditRequests(deps, tx, brandId, members, `points-earn:round:${round}`);
    // One posting a statement: the ledger's batch statement pairs every leg with every other (a nested loop
    // over its CTEs), so 300 legs in one statement cost 90,000 comparisons, 64 legs 4,000.
    for (const request of requests) await deps.ledger.postBatch(brandId, [request], { executor: tx });
  }
  return [...credits.values()].flatMap((members) => members.map((credit) => credit.memberId));
};

/**
 * A points account id, found (or made) in the fold's transaction once and then kept in `accounts`: a batch of
 * hundreds of members costs no round trip per member. An id kept from a batch that later rolled back names no
 * account; the posting then fails, `earnPoints` forgets every kept id and the fold tries the batch again.
 */
const pointsAccount = async (
  deps: EarningDependencies,
  tx: Transaction,
  brandId: bigint,
  memberId: bigint | null,
): Promise<bigint> => {
  const key = `${brandId}:${memberId ?? 'issuer'}`;
  const kept = deps.accounts.get(key);
  if (kept !== undefined) return kept;
  const options = { executor: tx };
  const account =
    memberId === null
      ? await deps.ledger.ensureSystemAccount(brandId, 'loyalty_points', pointsCurrency, '', options)
      : await deps.ledger.ensureMemberAccount(brandId, memberId, pointsCurrency, 'member_points', options);
  deps.accounts.set(key, account.id);
  deps.fresh.add(account.id);
  return account.id;
};

/**
 * After the fold's commit: reads the accounts first used in the batch into the ledger's cache (it keeps only
 * what it read outside a transaction), so the next batches' postings read no account, where each leg cost a
 * round trip (a batch of 250 members, 250 statements). The read goes through the API's pool, so the fold does
 * not wait for it (a busy API must not hold the fold up); should it fail, the next commit tries those again.
 */
export const warmPointsAccounts = (deps: Pick<EarningDependencies, 'ledger' | 'fresh'>): void => {
  if (deps.fresh.size === 0) return;
  const ids = [...deps.fresh];
  deps.fresh.clear();
  deps.ledger.preloadAccounts(ids).catch(() => {
    for (const id of ids) deps.fresh.add(id);
  });
};

type Credit = { memberId: bigint; points: bigint };

/** Members credited per posting: the ledger takes 64 legs, one of them the brand's issuing account. */
const membersPerPosting = maxLegs - 1;

/**
 * The batch's credits of one brand as few postings as the ledger allows (each member one leg, the brand's
 * points account the balancing one): writing a posting per member cost a millisecond each and put the fold
 * behind 1,000 bets/s.
 */
const creditRequests = async (
  deps: EarningDependencies,
  tx: Transaction,
  brandId: bigint,
  credits: readonly Credit[],
  keyPrefix: string,
): Promise<PostingRequest[]> => {
  const issuer = await pointsAccount(deps, tx, brandId, null);
  const requests: PostingRequest[] = [];
  for (let start = 0; start < credits.length; start += membersPerPosting) {
    const chunk = credits.slice(start, start + membersPerPosting);
    const legs = [];
    for (const credit of chunk) {
      legs.push({
        accountId: await pointsAccount(deps, tx, brandId, credit.memberId),
        amount: credit.points,
      });
    }
    const total = chunk.reduce((sum, credit) => sum + credit.points, 0n);
    legs.push({ accountId: issuer, amount: -total });
    requests.push({ brandId, idempotencyKey: `${keyPrefix}:${brandId}:${start}`, kind: 'points.earn', legs });
  }
  return requests;
};

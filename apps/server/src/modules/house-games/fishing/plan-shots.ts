import type { FishingShotRequest } from '@wps/contracts/fishing';
import { MoneyFormatError, toMinorUnits } from '@wps/contracts/money';
import type { Transaction } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import { type BulletPower, type FishCode, isBulletPower, shotCost } from './fish-rules';
import type { FishingContext, FishingMember } from './fishing-context';
import type { FishingRoomRules } from './fishing-rooms';

/** A shot of the request once checked against its room: what it costs. */
export type PlannedShot = { shotId: string; fish: FishCode; power: BulletPower; stake: bigint; cost: bigint };

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', { message, issues: [{ field, message }] });

const parseStake = (text: string, exponent: number, field: string): bigint => {
  try {
    return toMinorUnits(text, exponent);
  } catch (error) {
    if (error instanceof MoneyFormatError) throw invalid(field, error.message);
    throw error;
  }
};

/**
 * Checks every shot against the room before anything moves: its own id within the batch, a fish of the room's
 * table, a power of 1 to 10 and one of the room's stakes. Naming the fish is the client's (it draws the
 * scene); as every fish pays cost × RTP on average (P(kill) = RTP ÷ multiplier), the only thing to guard is that
 * the multiplier is a real kind's of this room.
 */
export const planShots = (
  room: FishingRoomRules,
  shots: readonly FishingShotRequest[],
  exponent: number,
): PlannedShot[] => {
  const ids = new Set<string>();
  return shots.map((shot, index) => {
    const field = (name: string) => `shots.${index}.${name}`;
    if (ids.has(shot.shotId)) throw invalid(field('shotId'), 'Each shot of a batch has its own id.');
    ids.add(shot.shotId);
    const kind = room.fish.find((candidate) => candidate.code === shot.fish);
    if (!kind) throw invalid(field('fish'), `No ${shot.fish} swims in the ${room.code} room.`);
    if (!isBulletPower(shot.power)) throw invalid(field('power'), 'A power is a whole number from 1 to 10.');
    const stake = parseStake(shot.stake, exponent, field('stake'));
    if (!room.stakeLevels.includes(stake)) throw invalid(field('stake'), "Choose one of the room's stakes.");
    return {
      shotId: shot.shotId,
      fish: kind.code,
      power: shot.power,
      stake,
      cost: shotCost(stake, shot.power),
    };
  });
};

/** How many shots from the first the balance covers, stakes only (a win of the batch does not pay its later shots). */
export const coveredCount = (shots: readonly PlannedShot[], balance: bigint): number => {
  let spent = 0n;
  let count = 0;
  for (const shot of shots) {
    spent += shot.cost;
    if (spent > balance) break;
    count += 1;
  }
  return count;
};

/**
 * What the batch may stake: the member's cash when it covers every shot (most batches: one read), else cash
 * and an active bonus's balance.
 */
export const stakeableBalance = async (
  { bonuses }: Pick<FishingContext, 'bonuses'>,
  tx: Transaction,
  member: FishingMember,
  currency: string,
  cash: bigint,
  shots: readonly PlannedShot[],
): Promise<bigint> => {
  const total = shots.reduce((sum, shot) => sum + shot.cost, 0n);
  if (cash >= total) return cash;
  return bonuses.playableBalance(tx, { brandId: member.brandId, memberId: member.id, currency }, cash);
};

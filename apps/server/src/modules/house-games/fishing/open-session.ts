import type { FishingRooms, FishingSession, OpenFishingSessionRequest } from '@wps/contracts/fishing';
import { maxFishingShotsPerBatch } from '@wps/contracts/fishing';
import { formatMinorUnits } from '@wps/contracts/money';
import type { Executor } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import { bulletPowers, fishingShotFormula } from './fish-rules';
import type { FishingBrand, FishingContext, FishingMember } from './fishing-context';
import { requireFishingGame } from './fishing-game';
import * as repository from './fishing.repository';
import type { FishingSessionRow } from './fishing.repository';
import { roomsFor } from './fishing-rooms';
import { toSession } from './fishing-views';
import { fishingFairnessGame } from './verify-shot';

/** The rooms in the brand's currency, with their fish, the powers and the shot limits. */
export const describeRooms = async (
  { ledger, settings }: Pick<FishingContext, 'ledger' | 'settings'>,
  brand: FishingBrand,
): Promise<FishingRooms> => {
  const exponent = await ledger.getCurrencyExponent(brand.currency);
  return {
    currency: brand.currency,
    rooms: roomsFor(exponent).map((room) => ({
      code: room.code,
      stakes: room.stakeLevels.map((stake) => formatMinorUnits(stake, exponent)),
      fish: room.fish.map(({ code, name, multiplier, boss, spawnWeight }) => ({
        code,
        name,
        multiplier,
        boss,
        spawnWeight,
      })),
      rtpBasisPoints: room.rtpBasisPoints,
    })),
    powers: [...bulletPowers],
    maxShotsPerBatch: maxFishingShotsPerBatch,
    shotsPerSecond: settings.allowance.perSecond,
    burst: settings.allowance.burst,
    formula: fishingShotFormula,
  };
};

/** What the member may stake in `currency`: cash and, while a bonus is active, the bonus balance. */
export const playableBalance = async (
  { wallet, bonuses }: Pick<FishingContext, 'wallet' | 'bonuses'>,
  executor: Executor,
  member: FishingMember,
  currency: string,
): Promise<bigint> => {
  const cash = await wallet.balance(member, currency, executor);
  return bonuses.playableBalance(executor, { brandId: member.brandId, memberId: member.id, currency }, cash);
};

/** A session as the page shows it: with the member's seeds for fishing and their balance now. */
export const sessionView = async (
  context: FishingContext,
  row: FishingSessionRow,
  member: FishingMember,
): Promise<FishingSession> => {
  const [exponent, pair, balance] = await Promise.all([
    context.ledger.getCurrencyExponent(row.currency),
    context.seeds.active(member, fishingFairnessGame),
    playableBalance(context, context.db, member, row.currency),
  ]);
  const seeds = {
    serverSeedHash: pair.serverSeedHash,
    clientSeed: pair.clientSeed,
    nextNonce: pair.nextNonce,
  };
  return toSession(row, seeds, balance, exponent);
};

/**
 * Opens a session in a room, or answers the member's open session there (opening is idempotent per room; a
 * member may have one open session in each room). Not while the member is in a time-out or a self-exclusion
 * (PLAYER_EXCLUDED) or has used up a session-time limit (PLAYER_LIMIT_REACHED): their shots would be refused.
 */
export const openSession = async (
  context: FishingContext,
  member: FishingMember,
  brand: FishingBrand,
  request: OpenFishingSessionRequest,
): Promise<FishingSession> => {
  const { db, ledger, clock } = context;
  await context.protection.assertCanPlay(member.id);
  const exponent = await ledger.getCurrencyExponent(brand.currency);
  if (!roomsFor(exponent).some((room) => room.code === request.room)) {
    const message = `The ${request.room} room has no stakes in ${brand.currency}.`;
    throw new AppError('VALIDATION_FAILED', { message, issues: [{ field: 'room', message }] });
  }
  await requireFishingGame(context);
  const values = {
    brandId: member.brandId,
    memberId: member.id,
    room: request.room,
    currency: brand.currency,
    openedAt: new Date(clock()),
  };
  // The open session found by the insert's conflict may close before it is read (the idle job): insert again.
  const row =
    (await repository.insertOpenSession(db, values)) ??
    (await repository.findOpenSession(db, member.id, request.room)) ??
    (await repository.insertOpenSession(db, values));
  if (!row) throw new Error('the fishing session was neither opened nor found');
  return sessionView(context, row, member);
};

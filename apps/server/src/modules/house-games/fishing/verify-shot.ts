import { fairnessPagePath } from '@wps/contracts/house-games-rules';
import { AppError } from '../../../http/app-error';
import type { FairnessVerifier } from '../seeds.service';
import {
  assertRtp,
  decideShot,
  defaultRtpBasisPoints,
  type FishCode,
  isBulletPower,
  isFishCode,
} from './fish-rules';

/** The kind under which fishing's seeds are kept and its shots verified. */
export const fishingFairnessGame = 'fishing';

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', { message, issues: [{ field, message }] });

const rtpOf = (text: string | undefined): number => {
  const rtp = text === undefined || text === '' ? defaultRtpBasisPoints : Number(text);
  try {
    assertRtp(rtp);
  } catch {
    throw invalid('rtpBasisPoints', 'rtpBasisPoints is a whole number from 1 to 10000');
  }
  return rtp;
};

/**
 * Recomputes one shot from its seeds and nonce: params `fish` (the kind's code), `power` (1 to 10, default 1),
 * `rtpBasisPoints` (default 9700) and, for the amounts, `stake` in minor units. The draw is the first fair
 * integer below multiplier × 10 000; the fish died when it is below the RTP in basis points.
 */
export const verifyFishingShot: FairnessVerifier = ({ serverSeed, clientSeed, nonce, params }) => {
  const fish = params.fish ?? '';
  if (!isFishCode(fish)) throw invalid('fish', 'fish is the code of a fish kind');
  const power = Number(params.power ?? '1');
  if (!isBulletPower(power)) throw invalid('power', 'power is a whole number from 1 to 10');
  const rtpBasisPoints = rtpOf(params.rtpBasisPoints);
  const stakeText = params.stake ?? '';
  const stake = /^[1-9]\d{0,15}$/.test(stakeText) ? BigInt(stakeText) : null;
  const outcome = decideShot(
    { serverSeed, clientSeed, nonce },
    { fish, stake: stake ?? 1n, power },
    rtpBasisPoints,
  );
  return {
    fish,
    multiplier: outcome.multiplier,
    rtpBasisPoints,
    draw: outcome.draw,
    bound: outcome.bound,
    killed: outcome.killed,
    costMinorUnits: stake === null ? null : outcome.cost.toString(),
    payoutMinorUnits: stake === null ? null : outcome.payout.toString(),
  };
};

/** What a shot's fairness link carries: its seeds, what decided it and what it recorded. */
export type ShotLink = {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  fish: FishCode;
  power: number;
  /** Minor units. */
  stake: bigint;
  rtpBasisPoints: number;
  recorded: { killed: boolean; draw: number; payout: bigint };
};

/** The `/fairness` page filled in for one shot, with what was recorded set beside the recomputation. */
export const shotVerifyPath = (shot: ShotLink): string =>
  `${fairnessPagePath}?${new URLSearchParams({
    game: fishingFairnessGame,
    serverSeedHash: shot.serverSeedHash,
    clientSeed: shot.clientSeed,
    nonce: String(shot.nonce),
    fish: shot.fish,
    power: String(shot.power),
    stake: shot.stake.toString(),
    rtpBasisPoints: String(shot.rtpBasisPoints),
    recorded: JSON.stringify({
      killed: shot.recorded.killed,
      draw: shot.recorded.draw,
      payoutMinorUnits: shot.recorded.payout.toString(),
    }),
  }).toString()}`;

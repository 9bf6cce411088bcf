import type { FishingShotProof } from '@wps/contracts/fishing';
import { AppError } from '../../../http/app-error';
import { fishingShotFormula, isFishCode } from './fish-rules';
import type { FishingContext, FishingMember } from './fishing-context';
import * as repository from './fishing.repository';
import { storedBatchSchema, toShotResult } from './fishing-views';
import { shotVerifyPath } from './verify-shot';

/**
 * One of the member's shots with everything that proves it: the seeds it was drawn from (the server seed once
 * the pair is revealed), its nonce, the draw and the `/fairness` link that recomputes it.
 */
export const proveShot = async (
  { db, ledger, seeds }: Pick<FishingContext, 'db' | 'ledger' | 'seeds'>,
  member: FishingMember,
  sessionIdText: string,
  shotId: string,
): Promise<FishingShotProof> => {
  const sessionId = BigInt(sessionIdText);
  const session = await repository.findSession(db, sessionId, member.id);
  const batch = session ? await repository.findBatchOfShot(db, sessionId, shotId) : undefined;
  const stored = batch ? storedBatchSchema.parse(batch.result) : null;
  const shot = stored?.shots.find((candidate) => candidate.shotId === shotId);
  if (!session || !stored || !shot || !isFishCode(shot.fish)) throw new AppError('NOT_FOUND');
  const [exponent, pair] = await Promise.all([
    ledger.getCurrencyExponent(session.currency),
    seeds.lookup(stored.seeds.serverSeedHash),
  ]);
  return {
    ...toShotResult(shot, exponent),
    sessionId: session.id.toString(),
    rtpBasisPoints: stored.rtpBasisPoints,
    draw: shot.draw,
    bound: shot.bound,
    serverSeedHash: stored.seeds.serverSeedHash,
    clientSeed: stored.seeds.clientSeed,
    serverSeed: pair.serverSeed,
    formula: fishingShotFormula,
    verifyPath: shotVerifyPath({
      ...stored.seeds,
      nonce: shot.nonce,
      fish: shot.fish,
      power: shot.power,
      stake: BigInt(shot.stake),
      rtpBasisPoints: stored.rtpBasisPoints,
      recorded: { killed: shot.killed, draw: shot.draw, payout: BigInt(shot.payout) },
    }),
  };
};

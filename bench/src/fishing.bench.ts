import { performance } from 'node:perf_hooks';
import { createServerSeed } from '@wps/server/modules/house-games/fairness';
import {
  defaultAimPeriod,
  defaultRtpBasisPoints,
  fishKinds,
  simulateShots,
} from '@wps/server/modules/house-games/fishing/fish-rules';
import { toNumber, toPercent } from '@wps/server/modules/house-games/slot-rtp';
import type { BenchResult } from './run';

/** At least 10 million (the bar); FISHING_SHOTS changes it for a quick look. */
const simulatedShots = Number(process.env.FISHING_SHOTS ?? 10_000_000);

/**
 * The fishing game's exact RTP against a simulation of 10 million shots through the same decision as the
 * server (`decideShot`: the fair HMAC-SHA256 stream of one random server seed, nonces 0 … n − 1), aimed at
 * the fish as often as they swim by with powers 1 to 10 in turn, and checked with a 99 % confidence interval.
 */
export const fishingBench = async (): Promise<BenchResult> => {
  const name = 'Fishing: exact RTP, simulated RTP of 10 million shots';
  const serverSeed = createServerSeed();
  const started = performance.now();
  const result = simulateShots(simulatedShots, { serverSeed, clientSeed: 'bench' });
  const seconds = (performance.now() - started) / 1_000;
  const exact = toNumber(result.exactRtp);
  const percent = (value: number) => `${(value * 100).toFixed(4)}%`;
  const bossRows = fishKinds
    .filter((kind) => kind.boss || kind.multiplier === 2 || kind.multiplier === 300)
    .map((kind) => {
      const tally = result.byFish.get(kind.code);
      return {
        figure: `  ${kind.name} (${kind.multiplier}×): shots, kills (expected)`,
        value: `${(tally?.shots ?? 0).toLocaleString('en')}, ${(tally?.kills ?? 0).toLocaleString('en')} (${(
          tally?.expectedKills ?? 0
        ).toFixed(1)})`,
      };
    });
  return {
    name,
    rows: [
      { figure: 'exact RTP (every shot: cost × m × r ÷ (m × 10 000))', value: toPercent(result.exactRtp) },
      { figure: 'simulated shots', value: simulatedShots.toLocaleString('en') },
      { figure: 'simulated RTP (Σ payout ÷ Σ cost)', value: percent(result.simulatedRtp) },
      {
        figure: '99% confidence interval (±2.576 · exact standard error)',
        value: `${percent(result.interval99.low)} – ${percent(result.interval99.high)}`,
      },
      {
        figure: 'standard error: exact from the design / estimated from the shots',
        value: `${percent(result.standardError)} / ${percent(result.sampleStandardError)}`,
      },
      {
        figure: 'deviation from the exact RTP, in standard errors',
        value: ((result.simulatedRtp - exact) / result.standardError).toFixed(2),
      },
      { figure: 'exact RTP inside the interval', value: result.exactInsideInterval ? 'yes' : 'NO' },
      { figure: 'kills', value: result.kills.toLocaleString('en') },
      ...bossRows,
      {
        figure: 'decided shots/s (fair stream + decision, one core)',
        value: Math.round(simulatedShots / seconds),
      },
    ],
    notes: [
      `P(kill) = r ÷ (m × 10 000) with r = ${defaultRtpBasisPoints} basis points: the shot draws d uniform in [0, m × 10 000) and the fish dies when d < r, so every shot returns cost × r ÷ 10 000 exactly, whatever the fish and the power.`,
      `Aim: shot i at the fish of the catalogue repeated by spawn weight (i mod 159) with power (i mod 10) + 1, a period of ${defaultAimPeriod} shots; stake 1, cost = power.`,
      'Standard error: the costs are fixed by the aims, so Var[Σ payout ÷ Σ cost] = Σ cost² (m ρ − ρ²) ÷ (Σ cost)² exactly (ρ = r ÷ 10 000); the ratio estimate from the shots is printed beside it.',
    ],
  };
};

if (process.argv[1]?.endsWith('fishing.bench.ts')) {
  const result = await fishingBench();
  console.log(`\n${result.name}`);
  console.table(result.rows);
  for (const note of result.notes) console.log(`  ${note}`);
}

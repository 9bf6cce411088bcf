import type { AdminFight, Fight, FightBet, FightPhase } from '@wps/contracts/cockfight';
import { formatMinorUnits } from '@wps/contracts/money';
import type { FightBetRow, FightRow } from './cockfight.repository';
import type { CockfightContext } from './cockfight.service';
import { livePayouts, type PariMutuelRules } from './pari-mutuel';

const phaseOf = {
  scheduled: 'SCHEDULED',
  open: 'OPEN',
  last_call: 'LAST_CALL',
  closed: 'CLOSED',
  settled: 'SETTLED',
  cancelled: 'CANCELLED',
} as const satisfies Record<FightRow['status'], FightPhase>;

const betStatusOf = { placed: 'PLACED', won: 'WON', lost: 'LOST', returned: 'RETURNED' } as const;

export const rulesOf = (fight: FightRow): PariMutuelRules => ({
  commissionBasisPoints: fight.commissionBasisPoints,
  drawMultiplier: BigInt(fight.drawMultiplier),
});

/** Hundredths as a decimal ("185" is "1.85"). */
const hundredths = (value: bigint | null): string | null =>
  value === null ? null : formatMinorUnits(value, 2);

const isOver = (fight: FightRow) => fight.status === 'settled' || fight.status === 'cancelled';

/** A fight as every player sees it: its pools and live payouts, its result and proof once it is over. */
export const toFight = async (
  { ledger }: Pick<CockfightContext, 'ledger'>,
  fight: FightRow,
): Promise<Fight> => {
  const exponent = await ledger.getCurrencyExponent(fight.currency);
  const money = (amount: bigint) => formatMinorUnits(amount, exponent);
  const payouts = livePayouts({ meron: fight.meronPool, wala: fight.walaPool }, rulesOf(fight));
  const hasSeed = fight.serverSeedHash !== null && fight.clientSeed !== null && fight.nonce !== null;
  return {
    fightId: fight.id.toString(),
    number: fight.number,
    phase: phaseOf[fight.status],
    source: fight.source,
    meron: { name: fight.meronName, weight: fight.meronWeight },
    wala: { name: fight.walaName, weight: fight.walaWeight },
    currency: fight.currency,
    pools: { meron: money(fight.meronPool), wala: money(fight.walaPool), draw: money(fight.drawPool) },
    betCount: fight.betCount,
    payouts: { meron: hundredths(payouts.meron), wala: hundredths(payouts.wala) },
    drawMultiplier: fight.drawMultiplier,
    commissionPercent: formatMinorUnits(BigInt(fight.commissionBasisPoints), 2),
    limits: {
      minStake: money(fight.minStake),
      maxPerPlayer: money(fight.maxPerPlayer),
      maxPerFight: money(fight.maxPerFight),
    },
    closesAt: fight.closesAt?.toISOString() ?? null,
    result: isOver(fight) ? fight.result : null,
    fairness: hasSeed
      ? {
          serverSeedHash: fight.serverSeedHash ?? '',
          serverSeed: isOver(fight) ? fight.serverSeed : null,
          clientSeed: fight.clientSeed ?? '',
          nonce: fight.nonce ?? 0,
        }
      : null,
  };
};

export const toAdminFight = async (
  context: Pick<CockfightContext, 'ledger'>,
  fight: FightRow,
): Promise<AdminFight> => ({
  ...(await toFight(context, fight)),
  // The console sees an entered result before the payouts are done.
  result: fight.result,
  createdAt: fight.createdAt.toISOString(),
  openedAt: fight.openedAt?.toISOString() ?? null,
  closedAt: fight.closedAt?.toISOString() ?? null,
  settledAt: fight.settledAt?.toISOString() ?? null,
});

export const toFightBet = async (
  { ledger }: Pick<CockfightContext, 'ledger'>,
  bet: FightBetRow,
  fightNumber: number,
): Promise<FightBet> => {
  const exponent = await ledger.getCurrencyExponent(bet.currency);
  return {
    betId: bet.id.toString(),
    fightId: bet.fightId.toString(),
    fightNumber,
    side: bet.side,
    amount: formatMinorUnits(bet.amount, exponent),
    currency: bet.currency,
    status: betStatusOf[bet.status],
    returned: bet.status === 'placed' ? null : formatMinorUnits(bet.returned, exponent),
    placedAt: bet.createdAt.toISOString(),
  };
};

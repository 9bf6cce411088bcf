import type { LotteryBet, LotteryDraw, LotteryGameWithTime } from '../api/lottery-queries';
import { LotteryGamePage, type LotterySlipContext } from './lottery-game-page';
import { LotteryPoolResult, LotteryPoolSlip, LotteryRaceResult, LotteryRaceSlip } from './lottery-pool-race';
import { LotterySeaResult, LotterySeaSlip } from './lottery-sea-page';
import { LotterySpeedResult, LotterySpeedSlip } from './lottery-speed-page';

/** The bet slip of the game's kind, as the server describes the game. */
function KindSlip(context: LotterySlipContext) {
  const { kind } = context.game;
  if (kind === 'sea4d') return <LotterySeaSlip {...context} />;
  if (kind === 'pool') return <LotteryPoolSlip {...context} />;
  if (kind === 'race') return <LotteryRaceSlip {...context} />;
  return <LotterySpeedSlip {...context} />;
}

const kindResult = (draw: LotteryDraw, game: LotteryGameWithTime, bets: readonly LotteryBet[]) => {
  if (game.kind === 'sea4d') return <LotterySeaResult draw={draw} bets={bets} />;
  if (game.kind === 'pool') return <LotteryPoolResult draw={draw} bets={bets} />;
  if (game.kind === 'race') return <LotteryRaceResult draw={draw} bets={bets} />;
  return <LotterySpeedResult draw={draw} bets={bets} />;
};

/**
 * /lottery, /lottert and /seaLottery: the game's page with the slip and results of its kind (a vendor's
 * games are of several kinds: TCG_SEA has 4D, speed and Keno games; ELOTT speed, pool and race).
 */
export function LotteryKindPage({ gameCode }: { gameCode: string }) {
  return (
    <LotteryGamePage
      key={gameCode}
      gameCode={gameCode}
      renderSlip={(context) => <KindSlip {...context} />}
      renderResult={kindResult}
    />
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLotteryMenu } from '../api/lottery-queries';
import { LotteryGamePage } from './lottery-game-page';
import { regionLabel } from './lottery-labels';
import { LotteryVnResult } from './lottery-vn-result';
import { LotteryVnSlip } from './lottery-vn-slip';

/** The VN games (North, Central, South and the fast game) as tabs; each is its own draw and schedule. */
function VnRegions({ gameCode }: { gameCode: string }) {
  const { t } = useTranslation();
  const menu = useLotteryMenu('TCG_LOTTO_VN');
  if (menu.data === undefined || menu.data.length < 2) return null;
  return (
    <nav className="lottery-regions" aria-label={t('lottery.vn.regions_label')}>
      <ul>
        {menu.data.map((game) => (
          <li key={game.gameCode}>
            <Link
              to={`/vnLottery?${new URLSearchParams({ gameCode: game.gameCode }).toString()}`}
              className="lottery-chip"
              aria-current={game.gameCode === gameCode ? 'page' : undefined}
              data-testid={`vn-region-${game.gameCode}`}
            >
              <span>{game.name}</span>
              {game.region !== null && <span className="muted"> · {regionLabel(t, game.region)}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** /vnLottery?gameCode=…: Vietnamese lottery (lô đề). */
export function LotteryVnPage({ gameCode }: { gameCode: string }) {
  return (
    <LotteryGamePage
      key={gameCode}
      gameCode={gameCode}
      navigation={<VnRegions gameCode={gameCode} />}
      renderSlip={(context) => <LotteryVnSlip key={context.game.gameCode} {...context} />}
      renderResult={(draw, game, bets) => (
        <LotteryVnResult draw={draw} region={game.region ?? 'south'} bets={bets} />
      )}
    />
  );
}

import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { useGameLanguage } from '../api/game-language';
import { useRankList } from '../api/get-rank-list';
import './winners-board.css';

/**
 * The biggest recent wins (spec: winner board, gameCategory ALL, 20 entries); hidden while there are none.
 * It sits at the bottom of home, so it asks for its list and builds its rows only when the visitor nears it:
 * until then it is an empty anchor that costs the first load nothing.
 */
export function WinnersBoard() {
  const { t } = useTranslation();
  const headingId = useId();
  const anchorRef = useRef<HTMLDivElement>(null);
  const isNear = useNearViewport(anchorRef);
  const ranks = useRankList(useGameLanguage(), { enabled: isNear });
  const entries = ranks.data ?? [];
  return (
    <div ref={anchorRef} data-testid="winners-board-anchor">
      {entries.length > 0 && (
        <section className="winners-board" aria-labelledby={headingId} data-testid="winners-board">
          <h2 id={headingId}>{t('games.winners.title')}</h2>
          <ol className="winners-board__list">
            {entries.map(({ vo }, index) => (
              <li key={`${vo.winTime}-${vo.player}-${index}`} className="winners-board__entry">
                <span className="winners-board__player">{vo.player}</span>
                <span className="winners-board__game">{vo.gameName}</span>
                <span className="winners-board__amount">
                  {t('games.winners.won', { amount: vo.winAmount, currency: vo.currency })}
                </span>
                <span className="winners-board__prize">{vo.prize}</span>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}

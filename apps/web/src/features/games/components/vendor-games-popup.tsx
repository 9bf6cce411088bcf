import { gamePageSizes } from '@wps/contracts/games-rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { Modal } from '../../../components/modal';
import { QueryState } from '../../../components/query-state';
import { useGameLanguage } from '../api/game-language';
import { useGameList } from '../api/get-game-list';
import { type VendorGamesChoice, useStartGame, useVendorGamesPopup } from '../api/start-game';
import { GamePagination } from './game-pagination';
import './vendor-games-popup.css';

function VendorGamesList({ choice, onClose }: { choice: VendorGamesChoice; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useGameLanguage();
  const startGame = useStartGame();
  const [pageNo, setPageNo] = useState(1);
  const games = useGameList(
    { gameType: choice.gameType, vassalage: choice.vassalage, pageNo, pageSize: gamePageSizes.list },
    language,
  );
  const data = games.data;
  return (
    <Modal
      title={t('launch.vendor_games_title', { vendor: choice.displayName })}
      onClose={onClose}
      testId="vendor-games-popup"
    >
      {data === undefined ? (
        <QueryState error={games.error} onRetry={() => void games.refetch()} />
      ) : data.games.length === 0 ? (
        <EmptyState message={t('common.no_games')} />
      ) : (
        <div className="vendor-games" aria-busy={games.isPlaceholderData}>
          <ul className="vendor-games__list">
            {data.games.map((game) => (
              <li key={game.nodeId} className="vendor-games__item" data-testid="vendor-games-item">
                <bdi className="vendor-games__name">{game.gameName}</bdi>
                <button
                  type="button"
                  className="button button--primary"
                  aria-label={t('launch.play_game', { name: game.gameName })}
                  data-testid="vendor-games-play"
                  onClick={() => {
                    onClose();
                    startGame(game, { fromVendorList: true });
                  }}
                >
                  {t('launch.play')}
                </button>
              </li>
            ))}
          </ul>
          <GamePagination
            page={pageNo}
            totalPages={data.totalPages}
            onPageChange={setPageNo}
            testId="vendor-games-pagination"
          />
        </div>
      )}
    </Modal>
  );
}

/**
 * The popup game list of a vendor whose card says isGame VASSALAGE (spec section 4, Starting a game): its
 * games with a Play button each. Mounted once by the site shell; `openVendorGames` / `useStartGame` open it.
 */
export function VendorGamesPopup() {
  const { choice, close } = useVendorGamesPopup();
  if (choice === null) return null;
  return <VendorGamesList key={`${choice.vassalage}:${choice.gameType}`} choice={choice} onClose={close} />;
}

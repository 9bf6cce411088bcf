import { houseVendorCode } from '@wps/contracts/house-games-rules';
import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { useCan } from '../session/api';
import { emptyCatalogueFilter, useAdminGames, useHouseGameLimits, useUpdateGame } from './api';
import './games.css';

const columns = ['Game', 'Lobby', 'Shown in the lobby', 'Stakes and limits'];
const houseFilter = { ...emptyCatalogueFilter, vendor: houseVendorCode };

/**
 * The platform's own games: whether each is offered (the catalogue row every house game checks before it takes
 * a bet), and the stakes and limits it takes, which the platform's configuration fixes (read only here). A
 * fight's limits are set when it is scheduled (Cockfight), the lottery's caps on Lottery draws.
 */
export const HouseGamesPage = () => {
  const canManage = useCan()('games.manage');
  const games = useAdminGames(houseFilter, 1, 100);
  const limits = useHouseGameLimits();
  const update = useUpdateGame();
  const list = games.data?.games ?? [];
  const limitsOf = (gameCode: string) =>
    limits.data?.games.find((entry) => entry.gameCode === gameCode)?.limits ?? [];
  return (
    <section aria-labelledby="house-games-title">
      <header className="page-header">
        <h1 id="house-games-title">House games</h1>
      </header>
      <p className="muted">
        A hidden game leaves the lobby and takes no new bet; rounds already under way finish. Stakes are in{' '}
        {limits.data?.currency ?? 'the brand’s currency'}.
      </p>
      <ErrorMessage error={games.error ?? limits.error} testId="house-games-error" />
      <ErrorMessage error={update.error} testId="house-games-update-error" />
      <ListTable
        testId="house-games"
        columns={columns}
        isLoading={games.isPending}
        isEmpty={games.isSuccess && list.length === 0}
        emptyMessage="No house game is in the catalogue."
      >
        {list.map((game) => (
          <tr key={game.id} data-testid={`house-game-${game.gameCode}`}>
            <td>
              <strong>{game.name}</strong> <span className="muted">{game.gameCode}</span>
            </td>
            <td>{game.category}</td>
            <td>
              {canManage ? (
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={game.isEnabled}
                    disabled={update.isPending}
                    data-testid={`house-game-${game.gameCode}-enabled`}
                    onChange={(event) => {
                      update.mutate({ id: game.id, body: { isEnabled: event.target.checked } });
                    }}
                  />{' '}
                  {game.isEnabled ? 'Shown' : 'Hidden'}
                </label>
              ) : (
                <span data-testid={`house-game-${game.gameCode}-state`}>
                  {game.isEnabled ? 'Shown' : 'Hidden'}
                </span>
              )}
            </td>
            <td>
              <dl className="games-limits" data-testid={`house-game-${game.gameCode}-limits`}>
                {limitsOf(game.gameCode).map((limit) => (
                  <div key={limit.label}>
                    <dt>{limit.label}</dt>
                    <dd>{limit.value}</dd>
                  </div>
                ))}
              </dl>
            </td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
};

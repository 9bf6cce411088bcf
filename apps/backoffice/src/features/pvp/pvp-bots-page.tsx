import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { useCan } from '../session/api';
import { type PvpBotRoom, usePvpBots, useSwitchPvpBots } from './api';

const columns = ['Room', 'Seats', 'At the table now', 'House bots'];

const seatedOf = (room: PvpBotRoom) =>
  `${room.membersSeated} ${room.membersSeated === 1 ? 'member' : 'members'}` +
  (room.botsSeated > 0 ? `, ${room.botsSeated} ${room.botsSeated === 1 ? 'bot' : 'bots'}` : '');

/**
 * The house bots of the brand's hold'em rooms. Off unless switched on per room: then a table where exactly
 * one member waits to play gets a bot (labelled as a bot to the players), which leaves when a second member
 * sits down or nobody waits. Bots play with the house's money: the result shows what they won or lost. Staff
 * with house_games.manage switch; the others look.
 */
export const PvpBotsPage = () => {
  const canSwitch = useCan()('house_games.manage');
  const bots = usePvpBots();
  const switchBots = useSwitchPvpBots();
  const overview = bots.data;
  const rooms = overview?.rooms ?? [];
  return (
    <section aria-labelledby="pvp-bots-title">
      <header className="page-header">
        <h1 id="pvp-bots-title">Card-room bots</h1>
      </header>
      <p className="muted">
        A room with bots on gets one house bot at a quiet table (one member waiting, nobody to play against).
        The bot is shown to players as a bot, plays a fixed hand-strength rule from its own cards, and leaves
        when a second member sits down.
      </p>
      <ErrorMessage error={bots.error} testId="pvp-bots-error" />
      <ErrorMessage error={switchBots.error} testId="pvp-bots-switch-error" />
      {overview ? (
        <dl className="facts" data-testid="pvp-bots-result">
          <dt>House result from bots</dt>
          <dd data-testid="pvp-bots-result-total">
            {overview.result} {overview.currency}
          </dd>
          <dt>Bots account</dt>
          <dd>
            {overview.accountBalance} {overview.currency}
          </dd>
          <dt>Held by bots at the tables</dt>
          <dd>
            {overview.chipsAtTables} {overview.currency}
          </dd>
        </dl>
      ) : null}
      <ListTable
        testId="pvp-bots-rooms"
        columns={columns}
        isLoading={bots.isPending}
        isEmpty={bots.isSuccess && rooms.length === 0}
        emptyMessage="This brand has no hold'em rooms."
      >
        {rooms.map((room) => (
          <tr key={room.roomCode} data-testid={`pvp-bots-${room.roomCode}`}>
            <td>{room.name}</td>
            <td className="number">{room.seats}</td>
            <td data-testid={`pvp-bots-${room.roomCode}-seated`}>{seatedOf(room)}</td>
            <td>
              {canSwitch ? (
                <label>
                  <input
                    type="checkbox"
                    checked={room.isEnabled}
                    disabled={switchBots.isPending}
                    onChange={(event) => {
                      switchBots.mutate({ roomCode: room.roomCode, isEnabled: event.target.checked });
                    }}
                    data-testid={`pvp-bots-${room.roomCode}-switch`}
                  />{' '}
                  {room.isEnabled ? 'On' : 'Off'}
                </label>
              ) : (
                <span data-testid={`pvp-bots-${room.roomCode}-state`}>{room.isEnabled ? 'On' : 'Off'}</span>
              )}
            </td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
};

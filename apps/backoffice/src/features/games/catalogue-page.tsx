import { adminGameFlags, adminGameStatuses } from '@wps/contracts/games-admin';
import { gameCategories } from '@wps/contracts/games';
import { staffUploadLimits } from '@wps/contracts/uploads';
import { type ChangeEvent, type SyntheticEvent, useState } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { useCan } from '../session/api';
import {
  type AdminGame,
  type CatalogueFilter,
  emptyCatalogueFilter,
  useAdminGames,
  useClearGameImage,
  useUpdateGame,
  useUploadGameImage,
  useVendors,
} from './api';
import './games.css';

const columns = ['Picture', 'Game', 'Vendor', 'Lobby', 'Shown', 'HOT', 'NEW', 'Order', ''];

/** The game's place in its lists (lower first), saved on its own. */
function OrderField({ game, disabled }: { game: AdminGame; disabled: boolean }) {
  const [value, setValue] = useState(String(game.sortOrder));
  const update = useUpdateGame();
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate({ id: game.id, body: { sortOrder: Number(value) } });
  };
  return (
    <form className="games-order" onSubmit={onSubmit} aria-label={`Order of ${game.name}`}>
      <input
        type="number"
        value={value}
        required
        disabled={disabled}
        aria-label="Order"
        data-testid={`game-${game.id}-order`}
        onChange={(event) => {
          setValue(event.target.value);
        }}
      />
      {disabled || value === String(game.sortOrder) ? null : (
        <button
          type="submit"
          className="button"
          disabled={update.isPending}
          data-testid={`game-${game.id}-order-save`}
        >
          Save
        </button>
      )}
      <ErrorMessage error={update.error} />
    </form>
  );
}

/** Uploads a new picture (replacing the shown one) or goes back to the drawn one. */
function PictureActions({ game }: { game: AdminGame }) {
  const upload = useUploadGameImage();
  const clear = useClearGameImage();
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again uploads it again.
    event.target.value = '';
    if (file) upload.mutate({ id: game.id, file });
  };
  return (
    <div className="games-picture-actions">
      <label className="button">
        {game.hasOwnImage ? 'Replace picture' : 'Upload picture'}
        <input
          type="file"
          className="games-file"
          accept={staffUploadLimits.contentTypes.join(',')}
          disabled={upload.isPending}
          data-testid={`game-${game.id}-file`}
          onChange={choose}
        />
      </label>
      {game.hasOwnImage ? (
        <button
          type="button"
          className="button"
          disabled={clear.isPending}
          onClick={() => {
            clear.mutate(game.id);
          }}
          data-testid={`game-${game.id}-clear-picture`}
        >
          Use drawn picture
        </button>
      ) : null}
      {upload.isPending ? <span className="muted">Uploading…</span> : null}
      <ErrorMessage error={upload.error ?? clear.error} testId={`game-${game.id}-picture-error`} />
    </div>
  );
}

const labels: Record<string, string> = { enabled: 'Shown', disabled: 'Hidden', hot: 'HOT', new: 'NEW' };

/**
 * The whole catalogue, every vendor's games enabled or not, paged and filtered on the server. Staff with
 * games.manage show or hide a game, mark it HOT or NEW, move it in the lists and set its picture; the site's
 * lobby reads the same rows, so it follows at once.
 */
export const CataloguePage = () => {
  const canManage = useCan()('games.manage');
  const vendors = useVendors();
  const [draft, setDraft] = useState<CatalogueFilter>(emptyCatalogueFilter);
  const [filter, setFilter] = useState<CatalogueFilter>(emptyCatalogueFilter);
  const [pageNo, setPageNo] = useState(1);
  const games = useAdminGames(filter, pageNo);
  const update = useUpdateGame();
  const page = games.data;
  const list = page?.games ?? [];
  const apply = (next: CatalogueFilter) => {
    setDraft(next);
    setFilter(next);
    setPageNo(1);
  };
  const select = (field: keyof CatalogueFilter, options: readonly string[], label: string, any: string) => (
    <label>
      {label}
      <select
        value={draft[field]}
        data-testid={`catalogue-${field}`}
        onChange={(event) => {
          apply({ ...draft, [field]: event.target.value });
        }}
      >
        <option value="">{any}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {labels[option] ?? option}
          </option>
        ))}
      </select>
    </label>
  );
  const toggle = (game: AdminGame, field: 'isEnabled' | 'isHot' | 'isNew', label: string) =>
    canManage ? (
      <input
        type="checkbox"
        checked={game[field]}
        disabled={update.isPending}
        aria-label={`${label}: ${game.name}`}
        data-testid={`game-${game.id}-${field}`}
        onChange={(event) => {
          update.mutate({ id: game.id, body: { [field]: event.target.checked } });
        }}
      />
    ) : (
      <span data-testid={`game-${game.id}-${field}`}>{game[field] ? 'Yes' : 'No'}</span>
    );
  return (
    <section aria-labelledby="catalogue-title">
      <header className="page-header">
        <h1 id="catalogue-title">Games catalogue</h1>
      </header>
      <form
        className="inline-form"
        role="search"
        aria-label="Filter the catalogue"
        onSubmit={(event) => {
          event.preventDefault();
          apply(draft);
        }}
      >
        {select(
          'vendor',
          (vendors.data ?? []).map((vendor) => vendor.code),
          'Vendor',
          'Every vendor',
        )}
        {select('category', gameCategories, 'Lobby', 'Every lobby')}
        {select('status', adminGameStatuses, 'Status', 'Shown or hidden')}
        {select('flag', adminGameFlags, 'Mark', 'Any')}
        <label>
          Name or code
          <input
            type="search"
            value={draft.search}
            data-testid="catalogue-search"
            onChange={(event) => {
              setDraft({ ...draft, search: event.target.value });
            }}
          />
        </label>
        <button type="submit" className="button button--primary" data-testid="catalogue-filter">
          Search
        </button>
      </form>
      <ErrorMessage error={games.error} testId="catalogue-error" />
      <ErrorMessage error={update.error} testId="catalogue-update-error" />
      {page ? (
        <p className="muted" data-testid="catalogue-total">
          {page.total} {page.total === 1 ? 'game' : 'games'}
        </p>
      ) : null}
      <ListTable
        testId="catalogue"
        columns={columns}
        isLoading={games.isPending}
        isEmpty={games.isSuccess && list.length === 0}
        emptyMessage="No game matches."
        emptyTestId="catalogue-empty"
        paging={{ pageNo, totalPages: page?.totalPages ?? 1, onChange: setPageNo, testId: 'catalogue-pager' }}
      >
        {list.map((game) => (
          <tr key={game.id} data-testid={`game-${game.id}`}>
            <td>
              <img
                className="games-thumb"
                src={game.iconUrl}
                alt=""
                loading="lazy"
                data-testid={`game-${game.id}-picture`}
              />
            </td>
            <td>
              <strong>{game.name}</strong>
              <br />
              <span className="muted">{game.gameCode}</span>
            </td>
            <td>{game.vendorName}</td>
            <td>
              {game.category}
              <span className="muted"> · {game.classify}</span>
            </td>
            <td>{toggle(game, 'isEnabled', 'Shown')}</td>
            <td>{toggle(game, 'isHot', 'HOT')}</td>
            <td>{toggle(game, 'isNew', 'NEW')}</td>
            <td>
              <OrderField key={game.sortOrder} game={game} disabled={!canManage} />
            </td>
            <td className="row-actions">{canManage ? <PictureActions game={game} /> : null}</td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
};

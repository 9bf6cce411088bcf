import { useState, type SyntheticEvent } from 'react';
import { useSearchParams } from 'react-router';
import { promotionKinds, type PromotionKind } from '@wps/contracts/promotions';
import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../session/api';
import { useChangePromotionStatus, usePromotions, type Promotion, type PromotionStatusAction } from './api';
import { MemberBonusPanel } from './member-bonus-panel';
import { draftOf, newDraft, type PromotionDraft } from './promotion-draft';
import { kindLabels, PromotionForm } from './promotion-form';
import './promotions.css';

const columns = ['Title', 'Kind', 'Category', 'Status', 'Starts', 'Ends', 'Actions'];

/** The status actions each status offers (ended offers none: it is final). */
const actionsFor: Record<Promotion['status'], readonly PromotionStatusAction[]> = {
  draft: ['publish', 'end'],
  live: ['pause', 'end'],
  paused: ['resume', 'end'],
  ended: [],
};

const actionLabel = (promotion: Promotion, action: PromotionStatusAction): string => {
  if (action === 'publish') return new Date(promotion.startsAt) > new Date() ? 'Schedule' : 'Publish';
  return { pause: 'Pause', resume: 'Resume', end: 'End' }[action];
};

const statusBadge: Record<Promotion['status'], string> = {
  draft: 'badge badge--pending',
  live: 'badge badge--approved',
  paused: 'badge badge--pending',
  ended: 'badge badge--rejected',
};

/** What the site shows of a live promotion: scheduled until its start. */
const statusText = (promotion: Promotion): string =>
  promotion.status === 'live' && new Date(promotion.startsAt) > new Date() ? 'scheduled' : promotion.status;

type Editing = { id: string | null; draft: PromotionDraft } | null;

const MemberLookup = ({ username, onLookUp }: { username: string; onLookUp: (username: string) => void }) => {
  const [typed, setTyped] = useState(username);
  return (
    <form
      className="inline-form"
      onSubmit={(event: SyntheticEvent<HTMLFormElement>) => {
        event.preventDefault();
        onLookUp(typed.trim());
      }}
    >
      <label>
        Member username
        <input
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
          }}
          data-testid="member-bonus-username"
        />
      </label>
      <button type="submit" className="button" data-testid="member-bonus-lookup">
        Show bonuses
      </button>
    </form>
  );
};

/** The brand's promotions (create, edit, publish, pause, resume, end) and a member's bonuses. */
export const PromotionsPage = () => {
  const can = useCan();
  const promotions = usePromotions();
  const changeStatus = useChangePromotionStatus();
  const [editing, setEditing] = useState<Editing>(null);
  const [newKind, setNewKind] = useState<PromotionKind>('deposit_match');
  const [searchParams, setSearchParams] = useSearchParams();
  const member = (searchParams.get('member') ?? '').trim();
  const canManage = can('promotions.manage');
  const movesMoney = can('bonuses.manage');
  const list = promotions.data?.list ?? [];
  const granted = list.filter((promotion) => promotion.kind === 'granted' && promotion.status !== 'ended');

  return (
    <section aria-labelledby="promotions-title">
      <header className="page-header">
        <h1 id="promotions-title">Promotions</h1>
        {canManage ? (
          <div className="row-actions">
            <select
              aria-label="Kind of the new promotion"
              value={newKind}
              onChange={(event) => {
                const kind = promotionKinds.find((value) => value === event.target.value);
                if (kind) setNewKind(kind);
              }}
              data-testid="new-promotion-kind"
            >
              {promotionKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {kindLabels[kind]}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setEditing({ id: null, draft: newDraft(newKind) });
              }}
              data-testid="new-promotion"
            >
              New promotion
            </button>
          </div>
        ) : null}
      </header>
      <ErrorMessage error={promotions.error ?? changeStatus.error} testId="promotions-error" />
      <ListTable
        testId="promotions-table"
        columns={columns}
        isLoading={promotions.isLoading}
        isEmpty={promotions.isSuccess && list.length === 0}
        emptyMessage="No promotions yet."
      >
        {list.map((promotion) => (
          <tr key={promotion.id} data-testid={`promotion-row-${promotion.id}`}>
            <td>
              {promotion.content.en.title}
              {promotion.content.en.summary ? (
                <div className="muted">{promotion.content.en.summary}</div>
              ) : null}
            </td>
            <td>{kindLabels[promotion.kind]}</td>
            <td>{promotion.category}</td>
            <td>
              <span
                className={statusBadge[promotion.status]}
                data-testid={`promotion-status-${promotion.id}`}
              >
                {statusText(promotion)}
              </span>
            </td>
            <td>{formatDateTime(promotion.startsAt)}</td>
            <td>{formatDateTime(promotion.endsAt)}</td>
            <td className="row-actions">
              {canManage && promotion.status !== 'ended' ? (
                <>
                  <button
                    type="button"
                    className="button"
                    onClick={() => {
                      setEditing({ id: promotion.id, draft: draftOf(promotion) });
                    }}
                    data-testid={`promotion-edit-${promotion.id}`}
                  >
                    Edit
                  </button>
                  {actionsFor[promotion.status].map((action) => (
                    <button
                      key={action}
                      type="button"
                      className={action === 'end' ? 'button button--danger' : 'button'}
                      disabled={changeStatus.isPending}
                      onClick={() => {
                        if (action === 'end' && !window.confirm('End this promotion for good?')) return;
                        changeStatus.mutate({ id: promotion.id, action });
                      }}
                      data-testid={`promotion-${action}-${promotion.id}`}
                    >
                      {actionLabel(promotion, action)}
                    </button>
                  ))}
                </>
              ) : null}
            </td>
          </tr>
        ))}
      </ListTable>
      {editing ? (
        <PromotionForm
          id={editing.id}
          initial={editing.draft}
          onClose={() => {
            setEditing(null);
          }}
        />
      ) : null}
      <section className="member-bonuses" aria-labelledby="member-bonuses-title">
        <h2 id="member-bonuses-title">A member’s bonuses</h2>
        <MemberLookup
          username={member}
          onLookUp={(username) => {
            setSearchParams(username === '' ? {} : { member: username });
          }}
        />
        {member !== '' ? (
          <MemberBonusPanel key={member} username={member} granted={granted} movesMoney={movesMoney} />
        ) : null}
      </section>
    </section>
  );
};

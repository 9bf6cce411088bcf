import type { Exclusion, PlayLimit, PlayLimitKind, PlayLimitPeriod } from '@wps/contracts/protection';
import { useState } from 'react';
import { Dialog } from '../../components/dialog';
import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { ReasonForm } from '../../components/shared-reason-form';
import { formatDateTime } from '../../lib/format';
import { useEndExclusion, useMemberProtection, type MemberProtection } from './api';

const limitLabels: Record<PlayLimitKind, string> = {
  deposit: 'Deposit',
  loss: 'Loss',
  wager: 'Wager',
  session: 'Session time',
};
const periodLabels: Record<PlayLimitPeriod, string> = { day: 'Daily', week: 'Weekly', month: 'Monthly' };
const exclusionLabels: Record<Exclusion['kind'], string> = {
  time_out: 'Time-out',
  self_exclusion: 'Self-exclusion',
};

/** A limit's value: money in the member's currency, or minutes for a session limit. */
const valueOf = (limit: Pick<PlayLimit, 'kind'>, value: string, currency: string): string =>
  limit.kind === 'session' ? `${value} min` : `${value} ${currency}`;

const pendingOf = (limit: PlayLimit, currency: string): string => {
  if (limit.pending === null) return '—';
  const when = formatDateTime(limit.pending.from);
  return limit.pending.amount === null
    ? `Removed from ${when}`
    : `${valueOf(limit, limit.pending.amount, currency)} from ${when}`;
};

const EndExclusionDialog = ({
  memberId,
  account,
  onClose,
}: {
  memberId: string;
  account: string;
  onClose: () => void;
}) => {
  const end = useEndExclusion(memberId);
  return (
    <Dialog
      title={`End the self-exclusion of ${account}`}
      onClose={onClose}
      testId="member-end-exclusion-dialog"
    >
      <ReasonForm
        testId="member-end-exclusion"
        reasonLabel="Reason (required: the member's request, how it was checked; kept in the audit trail)"
        isReasonFirst
        missingReason="disable"
        mutation={end}
        confirmLabel="End exclusion"
        pendingLabel="Ending…"
        onConfirm={(reason) => {
          end.mutate(reason, { onSuccess: onClose });
        }}
        onCancel={onClose}
      >
        <p>
          The term has run out and the member asked to return. From now on the member can deposit and play
          again, and offers reach them again.
        </p>
      </ReasonForm>
    </Dialog>
  );
};

const ExclusionCard = ({
  protection,
  memberId,
  account,
  canManage,
}: {
  protection: MemberProtection;
  memberId: string;
  account: string;
  canManage: boolean;
}) => {
  const [isEnding, setEnding] = useState(false);
  const { exclusion } = protection;
  return (
    <section className="card" aria-labelledby="member-exclusion-title">
      <h3 id="member-exclusion-title">Exclusion</h3>
      {exclusion === null ? (
        <p className="muted" data-testid="member-exclusion">
          No time-out or self-exclusion in force.
        </p>
      ) : (
        <dl className="facts" data-testid="member-exclusion">
          <dt>Kind</dt>
          <dd>{exclusionLabels[exclusion.kind]}</dd>
          <dt>Since</dt>
          <dd>{formatDateTime(exclusion.startedAt)}</dd>
          <dt>Ends</dt>
          <dd data-testid="member-exclusion-end">
            {exclusion.endsAt === null ? 'Never (permanent)' : formatDateTime(exclusion.endsAt)}
          </dd>
          <dt>State</dt>
          <dd data-testid="member-exclusion-state">
            {exclusion.awaitsReview
              ? 'Term over: binds until staff end it on the member’s request'
              : 'In force: play and deposits are refused'}
          </dd>
        </dl>
      )}
      {canManage && exclusion?.kind === 'self_exclusion' ? (
        <div className="actions">
          <button
            type="button"
            className="button"
            disabled={!exclusion.awaitsReview}
            title={
              exclusion.awaitsReview
                ? undefined
                : exclusion.endsAt === null
                  ? 'A permanent self-exclusion never ends'
                  : 'A self-exclusion can end only after its term'
            }
            onClick={() => {
              setEnding(true);
            }}
            data-testid="member-end-exclusion-open"
          >
            End exclusion
          </button>
        </div>
      ) : null}
      {isEnding ? (
        <EndExclusionDialog
          memberId={memberId}
          account={account}
          onClose={() => {
            setEnding(false);
          }}
        />
      ) : null}
    </section>
  );
};

/**
 * The member's responsible gambling (issue 26): the limits they set, in force and waiting for their cooling-off,
 * what each period used, the reality check, the exclusion in force and every past one. Staff holding
 * members.manage end a self-exclusion whose term has run out, with a reason (never a permanent one).
 */
export const MemberProtectionPanel = ({
  memberId,
  account,
  canManage,
}: {
  memberId: string;
  account: string;
  canManage: boolean;
}) => {
  const protection = useMemberProtection(memberId);
  const data = protection.data;
  return (
    <section aria-label="Responsible gaming" data-testid="member-protection">
      <ErrorMessage error={protection.error} testId="member-protection-error" />
      {protection.isPending ? <p className="muted">Loading…</p> : null}
      {data ? (
        <>
          <ExclusionCard protection={data} memberId={memberId} account={account} canManage={canManage} />
          <section className="card" aria-labelledby="member-play-limits-title">
            <h3 id="member-play-limits-title">Limits</h3>
            <p className="muted">
              Set by the member. A lower limit binds at once; a higher one, or a removal, waits 24 hours.
            </p>
            <ListTable
              testId="member-play-limits"
              columns={['Limit', 'Period', 'In force', 'Used', 'Waiting change', 'Period resets']}
              isEmpty={data.limits.length === 0}
              emptyMessage="The member has set no limits."
            >
              {data.limits.map((limit) => (
                <tr
                  key={`${limit.kind}-${limit.period}`}
                  data-testid={`member-limit-${limit.kind}-${limit.period}`}
                >
                  <td>{limitLabels[limit.kind]}</td>
                  <td>{periodLabels[limit.period]}</td>
                  <td>{limit.amount === null ? 'none' : valueOf(limit, limit.amount, data.currency)}</td>
                  <td>{valueOf(limit, limit.used, data.currency)}</td>
                  <td>{pendingOf(limit, data.currency)}</td>
                  <td>{formatDateTime(limit.resetsAt)}</td>
                </tr>
              ))}
            </ListTable>
            <p data-testid="member-reality-check">
              Reality check:{' '}
              {data.realityCheckMinutes === null
                ? 'off'
                : `every ${String(data.realityCheckMinutes)} minutes`}
            </p>
          </section>
          <section className="card" aria-labelledby="member-exclusion-history-title">
            <h3 id="member-exclusion-history-title">Exclusion history</h3>
            <ListTable
              testId="member-exclusion-history"
              columns={['Kind', 'Chosen term', 'Started', 'Term ends', 'Ended', 'Reason']}
              isEmpty={data.history.length === 0}
              emptyMessage="No time-outs or self-exclusions."
            >
              {data.history.map((entry) => (
                <tr key={entry.id} data-testid={`member-exclusion-${entry.id}`}>
                  <td>{exclusionLabels[entry.kind]}</td>
                  <td>{entry.duration}</td>
                  <td>{formatDateTime(entry.startedAt)}</td>
                  <td>{entry.endsAt === null ? 'permanent' : formatDateTime(entry.endsAt)}</td>
                  <td>{entry.endedAt === null ? 'in force' : formatDateTime(entry.endedAt)}</td>
                  <td>{entry.endReason ?? '—'}</td>
                </tr>
              ))}
            </ListTable>
          </section>
        </>
      ) : null}
    </section>
  );
};

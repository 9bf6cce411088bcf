import { memberStatuses, type MemberTimelineEntry } from '@wps/contracts/members';
import { useState } from 'react';
import { Dialog } from '../../components/dialog';
import { ErrorMessage } from '../../components/error-message';
import { CopyButton } from '../../components/shared-copy-button';
import { ReasonForm } from '../../components/shared-reason-form';
import { formatDateTime } from '../../lib/format';
import {
  useAddNote,
  useAddTag,
  useChangeStatus,
  useRemoveTag,
  useResetPassword,
  useResetPaymentPassword,
  type MemberProfile,
  type MemberStatus,
} from './api';
import { statusLabel, statusLabels } from './member-labels';

/** What each status means for the member, said before staff pick it. */
const statusEffects: Record<MemberStatus, string> = {
  active: 'The member can log in and play again.',
  locked: 'A short stop (a suspected takeover, a dispute): no login, no play; their sessions end.',
  disabled: 'Stopped by staff (risk, abuse): no login, no play; their sessions end.',
  closed: 'Closed at the member’s request or for good: no login, no play; their sessions end.',
};

/** Each of the account's actions takes a reason, kept on the member's timeline and in the audit trail. */
const reasonLabel = 'Reason (required, kept on the timeline and in the audit trail)';

const StatusDialog = ({ profile, onClose }: { profile: MemberProfile; onClose: () => void }) => {
  const { member } = profile;
  const change = useChangeStatus(member.id);
  const choices = memberStatuses.filter((status) => status !== member.status);
  const [status, setStatus] = useState<MemberStatus | undefined>(choices[0]);
  return (
    <Dialog title={`Change the status of ${member.account}`} onClose={onClose} testId="member-status-dialog">
      <ReasonForm
        testId="member-status"
        reasonLabel={reasonLabel}
        missingReason="explain"
        mutation={change}
        confirmLabel={`Make ${status ? statusLabels[status].toLowerCase() : ''}`}
        tone={status === 'active' ? 'primary' : 'danger'}
        isDisabled={status === undefined}
        onConfirm={(reason) => {
          if (status !== undefined) change.mutate({ status, reason }, { onSuccess: onClose });
        }}
        onCancel={onClose}
      >
        <fieldset>
          <legend>New status (now {statusLabel(member.status)})</legend>
          {choices.map((choice) => (
            <label key={choice} className="radio">
              <input
                type="radio"
                name="member-status"
                value={choice}
                checked={status === choice}
                autoFocus={choice === choices[0]}
                onChange={() => {
                  setStatus(choice);
                }}
                data-testid={`member-status-${choice}`}
              />
              {statusLabels[choice]}
            </label>
          ))}
          {status ? <p className="muted">{statusEffects[status]}</p> : null}
        </fieldset>
      </ReasonForm>
    </Dialog>
  );
};

/** A password reset: the reason first, then the temporary password, shown once. */
const PasswordResetDialog = ({ profile, onClose }: { profile: MemberProfile; onClose: () => void }) => {
  const { member } = profile;
  const reset = useResetPassword(member.id);
  const temporaryPassword = reset.data?.temporaryPassword;
  return (
    <Dialog
      title={`Reset the password of ${member.account}`}
      onClose={onClose}
      testId="member-password-dialog"
    >
      {temporaryPassword === undefined ? (
        <ReasonForm
          testId="member-password"
          reasonLabel={reasonLabel}
          isReasonFirst
          missingReason="disable"
          mutation={reset}
          confirmLabel="Reset password"
          pendingLabel="Resetting…"
          onConfirm={(reason) => {
            reset.mutate(reason);
          }}
          onCancel={onClose}
        >
          <p>
            The member gets a temporary password, shown to you once, and must choose a new one at the next
            login. The current password stops working and every session of the member ends.
          </p>
        </ReasonForm>
      ) : (
        <>
          <p>
            Give this password to {member.account} over a safe channel. It is shown only now; the member must
            change it at the next login.
          </p>
          <p className="member-temporary-password">
            <code data-testid="member-temporary-password">{temporaryPassword}</code>
          </p>
          <div className="actions">
            <CopyButton text={temporaryPassword} />
            <button
              type="button"
              className="button button--primary"
              onClick={onClose}
              autoFocus
              data-testid="member-password-done"
            >
              Done
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
};

const PaymentPasswordResetDialog = ({
  profile,
  onClose,
}: {
  profile: MemberProfile;
  onClose: () => void;
}) => {
  const { member } = profile;
  const reset = useResetPaymentPassword(member.id);
  return (
    <Dialog
      title={`Reset the payment password of ${member.account}`}
      onClose={onClose}
      testId="member-payment-password-dialog"
    >
      <ReasonForm
        testId="member-payment-password"
        reasonLabel={reasonLabel}
        isReasonFirst
        missingReason="disable"
        mutation={reset}
        confirmLabel="Clear payment password"
        pendingLabel="Resetting…"
        onConfirm={(reason) => {
          reset.mutate(reason, { onSuccess: onClose });
        }}
        onCancel={onClose}
      >
        <p>
          The payment password (withdrawal PIN) is cleared: the member sets a new one on the withdrawal page
          with their login password, as the first time. Until then they cannot withdraw or transfer.
        </p>
      </ReasonForm>
    </Dialog>
  );
};

type OpenDialog = 'status' | 'password' | 'payment-password' | null;

/** What staff holding members.manage may do to the account; each asks for a reason first. */
export const MemberActions = ({ profile }: { profile: MemberProfile }) => {
  const [open, setOpen] = useState<OpenDialog>(null);
  const close = () => {
    setOpen(null);
  };
  return (
    <div className="member-header__actions actions" role="group" aria-label="Account actions">
      <button
        type="button"
        className="button"
        onClick={() => {
          setOpen('status');
        }}
        data-testid="member-status-open"
      >
        Change status
      </button>
      <button
        type="button"
        className="button"
        onClick={() => {
          setOpen('password');
        }}
        data-testid="member-password-open"
      >
        Reset password
      </button>
      <button
        type="button"
        className="button"
        disabled={!profile.member.hasPaymentPassword}
        title={profile.member.hasPaymentPassword ? undefined : 'The member has no payment password'}
        onClick={() => {
          setOpen('payment-password');
        }}
        data-testid="member-payment-password-open"
      >
        Reset payment password
      </button>
      {open === 'status' ? <StatusDialog profile={profile} onClose={close} /> : null}
      {open === 'password' ? <PasswordResetDialog profile={profile} onClose={close} /> : null}
      {open === 'payment-password' ? <PaymentPasswordResetDialog profile={profile} onClose={close} /> : null}
    </div>
  );
};

/** The member's tags; staff holding members.manage add and remove them. */
export const TagEditor = ({
  memberId,
  tags,
  canEdit,
}: {
  memberId: string;
  tags: string[];
  canEdit: boolean;
}) => {
  const add = useAddTag(memberId);
  const remove = useRemoveTag(memberId);
  const [tag, setTag] = useState('');
  return (
    <div className="member-tags">
      <ul className="member-tags__list" aria-label="Tags" data-testid="member-tags">
        {tags.length === 0 ? <li className="muted">No tags</li> : null}
        {tags.map((name) => (
          <li key={name} className="badge member-tag">
            {name}
            {canEdit ? (
              <button
                type="button"
                className="member-tag__remove"
                aria-label={`Remove tag ${name}`}
                disabled={remove.isPending}
                onClick={() => {
                  remove.mutate(name);
                }}
                data-testid={`member-tag-remove-${name}`}
              >
                ×
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {canEdit ? (
        <form
          className="member-tags__add"
          onSubmit={(event) => {
            event.preventDefault();
            if (tag.trim() === '') return;
            add.mutate(tag.trim(), {
              onSuccess: () => {
                setTag('');
              },
            });
          }}
        >
          <label>
            New tag
            <input
              value={tag}
              maxLength={32}
              onChange={(event) => {
                setTag(event.target.value);
              }}
              data-testid="member-tag-input"
            />
          </label>
          <button type="submit" className="button" disabled={add.isPending} data-testid="member-tag-add">
            Add tag
          </button>
        </form>
      ) : null}
      <ErrorMessage error={add.error ?? remove.error} testId="member-tag-error" />
    </div>
  );
};

const kindLabels: Record<MemberTimelineEntry['kind'], string> = {
  note: 'Note',
  status: 'Status',
  password_reset: 'Password reset',
  payment_password_reset: 'Payment password reset',
  tag_added: 'Tag added',
  tag_removed: 'Tag removed',
};

/** Staff's notes and changes to the member, newest first; a new note for staff holding members.manage. */
export const Timeline = ({
  memberId,
  timeline,
  canWrite,
}: {
  memberId: string;
  timeline: MemberTimelineEntry[];
  canWrite: boolean;
}) => {
  const addNote = useAddNote(memberId);
  const [body, setBody] = useState('');
  return (
    <section aria-label="Notes and history">
      {canWrite ? (
        <form
          className="card"
          onSubmit={(event) => {
            event.preventDefault();
            if (body.trim() === '') return;
            addNote.mutate(body.trim(), {
              onSuccess: () => {
                setBody('');
              },
            });
          }}
        >
          <label>
            New note
            <textarea
              rows={3}
              maxLength={2000}
              value={body}
              onChange={(event) => {
                setBody(event.target.value);
              }}
              data-testid="member-note-input"
            />
          </label>
          <ErrorMessage error={addNote.error} testId="member-note-error" />
          <div className="actions">
            <button
              type="submit"
              className="button button--primary"
              disabled={addNote.isPending || body.trim() === ''}
              data-testid="member-note-add"
            >
              Add note
            </button>
          </div>
        </form>
      ) : null}
      {timeline.length === 0 ? (
        <p className="empty">No notes or staff changes yet.</p>
      ) : (
        <ol className="member-timeline" data-testid="member-timeline">
          {timeline.map((entry) => (
            <li key={entry.id} className="member-timeline__entry" data-testid={`member-timeline-${entry.id}`}>
              <p className="muted">
                <strong>{kindLabels[entry.kind]}</strong> · {entry.staffUsername} ·{' '}
                {formatDateTime(entry.createdAt)}
              </p>
              <p className="member-timeline__body">{entry.body}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
};

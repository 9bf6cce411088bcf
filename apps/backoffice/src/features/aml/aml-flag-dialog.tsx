import { amlActionFrom, amlActions, amlRuleLabels } from '@wps/contracts/aml';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../../components/dialog';
import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { ReasonForm } from '../../components/shared-reason-form';
import { formatDateTime, formatMoney } from '../../lib/format';
import { type AmlAction, type AmlFlagDetail, useAmlFlag, useDecideAmlFlag } from './api';

const actionLabels: Record<AmlAction, string> = {
  clear: 'Clear (false positive)',
  restrict: 'Restrict (lock the member)',
  close: 'Close the account',
  report: 'Mark reported',
};

/** What each action does, said before staff confirm it. */
const actionEffects: Record<AmlAction, string> = {
  clear: 'The flag leaves the queue as a false positive. The member is not changed.',
  restrict:
    'The member is locked (no login, no play; their sessions end) until staff reactivate them from their page.',
  close: 'The member’s account is closed (no login, no play; their sessions end).',
  report:
    'Records that a suspicious-activity report was filed outside the platform, with its reference. The member is not changed.',
};

/** A member's name, opening their page in the console. */
export const MemberLink = ({ member }: { member: { id: string; username: string } }) => (
  <Link to={`/members?member=${encodeURIComponent(member.id)}`} data-testid={`aml-member-link-${member.id}`}>
    {member.username}
  </Link>
);

/** The evidence's figures that this flag's rule filled, each with its label. */
const evidenceFacts = (flag: AmlFlagDetail): Array<[string, string]> => {
  const { evidence, currency } = flag;
  const money = (value: string | null) => (value === null ? null : formatMoney(value, currency));
  const facts: Array<[string, string | null]> = [
    [flag.rule === 'rapid_agent_transfers' ? 'Total in the window' : 'Amount', money(evidence.amount)],
    ['Threshold', money(evidence.threshold)],
    ['Deposits since the previous withdrawal', money(evidence.deposits)],
    ['Valid bets since', money(evidence.validBet)],
    [
      'Valid bets needed',
      evidence.ratioPercent === null ? null : `${String(evidence.ratioPercent)} % of the deposits`,
    ],
    ['Previous withdrawal', evidence.deposits === null ? null : formatDateTime(evidence.since)],
    ['Shared', evidence.sharedValue],
    ['Accounts sharing it', evidence.accountCount === null ? null : String(evidence.accountCount)],
    ['Transfers in the window', evidence.transferCount === null ? null : String(evidence.transferCount)],
    ['Window', evidence.windowMinutes === null ? null : `${String(evidence.windowMinutes)} minutes`],
  ];
  return facts.flatMap(([label, value]) => (value === null ? [] : [[label, value]]));
};

const ActionForm = ({
  flag,
  action,
  onDone,
  onCancel,
}: {
  flag: AmlFlagDetail;
  action: AmlAction;
  onDone: () => void;
  onCancel: () => void;
}) => {
  const decide = useDecideAmlFlag();
  const [reference, setReference] = useState('');
  const needsReference = action === 'report';
  return (
    <ReasonForm
      testId="aml-action"
      reasonLabel="Reason (required, kept in the audit trail)"
      isReasonFirst={!needsReference}
      missingReason="explain"
      mutation={decide}
      confirmLabel={actionLabels[action]}
      tone={action === 'clear' || action === 'report' ? 'primary' : 'danger'}
      isDisabled={needsReference && reference.trim() === ''}
      onConfirm={(reason) => {
        decide.mutate(
          {
            id: flag.id,
            action,
            body: needsReference ? { reason, reportReference: reference.trim() } : { reason },
          },
          { onSuccess: onDone },
        );
      }}
      onCancel={onCancel}
    >
      <p data-testid="aml-action-effect">{actionEffects[action]}</p>
      {needsReference ? (
        <label>
          Reference of the report filed
          <input
            autoFocus
            maxLength={200}
            value={reference}
            onChange={(event) => {
              setReference(event.target.value);
            }}
            data-testid="aml-action-reference"
          />
        </label>
      ) : null}
    </ReasonForm>
  );
};

const FlagDetail = ({ flag }: { flag: AmlFlagDetail }) => {
  const [action, setAction] = useState<AmlAction | null>(null);
  const available = amlActions.filter((candidate) =>
    (amlActionFrom[candidate] as readonly string[]).includes(flag.status),
  );
  return (
    <>
      <dl className="facts" data-testid="aml-flag-facts">
        <dt>Rule</dt>
        <dd>{amlRuleLabels[flag.rule]}</dd>
        <dt>Member</dt>
        <dd>
          <MemberLink member={flag.member} /> <span className="muted">({flag.member.status})</span>
        </dd>
        <dt>Status</dt>
        <dd data-testid="aml-flag-status">{flag.status}</dd>
        <dt>Raised</dt>
        <dd>{formatDateTime(flag.createdAt)}</dd>
      </dl>
      <h3>Evidence</h3>
      <dl className="facts" data-testid="aml-flag-evidence">
        {evidenceFacts(flag).map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      {flag.movements.length > 0 ? (
        <>
          <h3>Ledger movements</h3>
          <ListTable
            testId="aml-movements"
            label="Ledger movements"
            columns={['Transaction', 'Kind', 'Amount', 'With', 'When']}
            isEmpty={false}
            emptyMessage=""
          >
            {flag.movements.map((movement) => (
              <tr key={movement.transactionId} data-testid={`aml-movement-${movement.transactionId}`}>
                <td>
                  #{movement.transactionId}
                  {movement.reference === null ? null : <div className="muted">{movement.reference}</div>}
                </td>
                <td>{movement.kind}</td>
                <td className="number">{formatMoney(movement.amount, flag.currency)}</td>
                <td>{movement.counterpart === null ? '—' : <MemberLink member={movement.counterpart} />}</td>
                <td>{formatDateTime(movement.createdAt)}</td>
              </tr>
            ))}
          </ListTable>
        </>
      ) : null}
      {flag.relatedMembers.length > 0 ? (
        <>
          <h3>{flag.rule === 'rapid_agent_transfers' ? 'Members receiving' : 'Members sharing it'}</h3>
          <ul data-testid="aml-related-members">
            {flag.relatedMembers.map((member) => (
              <li key={member.id}>
                <MemberLink member={member} /> <span className="muted">({member.status})</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {flag.decision === null ? null : (
        <>
          <h3>Decision</h3>
          <dl className="facts" data-testid="aml-flag-decision">
            <dt>By</dt>
            <dd>
              {flag.decision.staffUsername}, {formatDateTime(flag.decision.decidedAt)}
            </dd>
            <dt>Reason</dt>
            <dd>{flag.decision.reason}</dd>
            {flag.decision.reportReference === null ? null : (
              <>
                <dt>Report</dt>
                <dd>{flag.decision.reportReference}</dd>
              </>
            )}
          </dl>
        </>
      )}
      {action === null ? (
        <div className="actions">
          {available.map((candidate) => (
            <button
              key={candidate}
              type="button"
              className={
                candidate === 'restrict' || candidate === 'close' ? 'button button--danger' : 'button'
              }
              onClick={() => {
                setAction(candidate);
              }}
              data-testid={`aml-${candidate}`}
            >
              {actionLabels[candidate]}
            </button>
          ))}
        </div>
      ) : (
        <ActionForm
          key={action}
          flag={flag}
          action={action}
          onDone={() => {
            setAction(null);
          }}
          onCancel={() => {
            setAction(null);
          }}
        />
      )}
    </>
  );
};

/** One flag opened from the queue: what the rule saw, who is involved, and staff's decision. */
export const AmlFlagDialog = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const flag = useAmlFlag(id);
  return (
    <Dialog title={`Flag #${id}`} onClose={onClose} wide testId="aml-flag-dialog">
      <ErrorMessage error={flag.error} testId="aml-flag-error" />
      {flag.isPending ? <p className="muted">Loading…</p> : null}
      {flag.data ? <FlagDetail flag={flag.data} /> : null}
    </Dialog>
  );
};

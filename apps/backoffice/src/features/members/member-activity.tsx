import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { formatDateTime } from '../../lib/format';
import { useLinkedMembers, useMemberSignIns } from './api';
import { StatusBadge } from './member-labels';

const linkLabels = { device: 'Same device', loginIp: 'Same login IP', payoutAccount: 'Same payout account' };

/** Logins (failed ones too), logouts, password changes and resets, with the address and browser of each. */
export const SignIns = ({
  memberId,
  pageNo,
  onPage,
}: {
  memberId: string;
  pageNo: number;
  onPage: (pageNo: number) => void;
}) => {
  const signIns = useMemberSignIns(memberId, pageNo);
  const list = signIns.data?.list ?? [];
  return (
    <section aria-label="Sign-ins">
      <ErrorMessage error={signIns.error} testId="member-sign-ins-error" />
      <ListTable
        testId="member-sign-ins"
        columns={['Time', 'Event', 'Result', 'IP address', 'Device (browser or app)']}
        isLoading={signIns.isPending}
        isEmpty={signIns.isSuccess && list.length === 0}
        emptyMessage="No sign-ins recorded."
        paging={{
          pageNo,
          totalPages: signIns.data?.totalPages ?? 0,
          onChange: onPage,
          testId: 'member-sign-ins-pager',
        }}
      >
        {list.map((event) => (
          <tr key={event.id} data-testid={`member-sign-in-${event.id}`}>
            <td>{formatDateTime(event.createdAt)}</td>
            <td>{event.event}</td>
            <td>
              <span className={event.isSuccess ? 'badge badge--approved' : 'badge badge--rejected'}>
                {event.isSuccess ? 'success' : 'failed'}
              </span>
            </td>
            <td>{event.ip}</td>
            <td className="member-user-agent">{event.userAgent ?? 'not recorded'}</td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
};

/** Members who may be the same person, with every reason found; each opens in the profile. */
export const LinkedMembers = ({
  memberId,
  onOpenMember,
}: {
  memberId: string;
  onOpenMember: (memberId: string) => void;
}) => {
  const linked = useLinkedMembers(memberId);
  const list = linked.data?.list ?? [];
  return (
    <section aria-label="Linked accounts">
      <p className="muted">
        Other members who signed in from the same device (address and browser) or the same address, or added
        the same payout account number.
      </p>
      <ErrorMessage error={linked.error} testId="member-linked-error" />
      <ListTable
        testId="member-linked"
        columns={['Member', 'Real name', 'Status', 'Linked by']}
        isLoading={linked.isPending}
        isEmpty={linked.isSuccess && list.length === 0}
        emptyMessage="No linked accounts found."
      >
        {list.map(({ member, links }) => (
          <tr key={member.id} data-testid={`member-linked-${member.id}`}>
            <td>
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  onOpenMember(member.id);
                }}
                aria-label={`Open ${member.account}`}
              >
                {member.account}
              </button>
            </td>
            <td>{member.realName ?? '—'}</td>
            <td>
              <StatusBadge status={member.status} />
            </td>
            <td>
              <ul className="member-links">
                {links.map((link) => (
                  <li key={`${link.kind}:${link.value}`}>
                    <strong>{linkLabels[link.kind]}</strong>{' '}
                    <span className="member-user-agent">{link.value}</span>
                  </li>
                ))}
              </ul>
            </td>
          </tr>
        ))}
      </ListTable>
      {linked.data?.isTruncated ? (
        <p className="muted" data-testid="member-linked-truncated">
          Only the first 50 of each kind of link are shown.
        </p>
      ) : null}
    </section>
  );
};

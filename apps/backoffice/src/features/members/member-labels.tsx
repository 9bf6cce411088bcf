import type { MemberStatus } from './api';

/** 0 member, 1/2/41/42 agent, 4 trial (spec section 3). */
export const typeLabel = (type: number): string => (type === 0 ? 'Member' : type === 4 ? 'Trial' : 'Agent');

export const statusLabels: Record<MemberStatus, string> = {
  active: 'Active',
  locked: 'Locked',
  disabled: 'Disabled',
  closed: 'Closed',
};

const isMemberStatus = (status: string): status is MemberStatus => Object.hasOwn(statusLabels, status);

export const statusLabel = (status: string): string =>
  isMemberStatus(status) ? statusLabels[status] : status;

/** Active in green; any other status (no login, no play) in red. */
export const StatusBadge = ({ status }: { status: string }) => (
  <span className={status === 'active' ? 'badge badge--approved' : 'badge badge--rejected'}>
    {statusLabel(status)}
  </span>
);

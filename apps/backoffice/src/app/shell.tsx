import type { StaffRole } from '@wps/contracts/backoffice';
import { NavLink, Outlet } from 'react-router';
import { useLogout, useStaffSession } from '../features/session/api';
import './shell.css';

type Section = { path: string; label: string; roles?: readonly StaffRole[] };

/** The sections; one with roles shows only to them (the server refuses everyone else anyway). */
const sections: readonly Section[] = [
  { path: '/deposits', label: 'Deposits' },
  { path: '/withdrawals', label: 'Withdrawals' },
  { path: '/approvals', label: 'Approvals', roles: ['admin', 'finance'] },
  { path: '/members', label: 'Members' },
  { path: '/promotions', label: 'Promotions' },
  { path: '/promotion-reviews', label: 'Claim reviews' },
  { path: '/vip-levels', label: 'VIP levels' },
  { path: '/missions', label: 'Missions' },
  { path: '/leaderboards', label: 'Leaderboards' },
  { path: '/points-mall', label: 'Points mall' },
  { path: '/redemptions', label: 'Redemptions' },
  { path: '/cockfight', label: 'Cockfight' },
  { path: '/channels', label: 'Channels' },
  { path: '/settings', label: 'Settings' },
  { path: '/audit', label: 'Audit' },
  { path: '/staff', label: 'Staff', roles: ['admin'] },
  { path: '/outbox', label: 'Outbox', roles: ['admin'] },
];

/** The signed-in frame: navigation, who is signed in, and the screen. */
export const Shell = () => {
  const { staff } = useStaffSession();
  const logout = useLogout();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <span className="topbar__brand">Operator console</span>
        <nav aria-label="Sections" className="topbar__nav">
          {sections
            .filter(
              (section) =>
                section.roles === undefined || (staff !== null && section.roles.includes(staff.role)),
            )
            .map((section) => (
              <NavLink key={section.path} to={section.path} data-testid={`nav-${section.path.slice(1)}`}>
                {section.label}
              </NavLink>
            ))}
        </nav>
        <div className="topbar__staff">
          <span data-testid="staff-name">{staff ? `${staff.displayName} (${staff.role})` : '…'}</span>
          <NavLink to="/password" className="topbar__link" data-testid="nav-password">
            Change password
          </NavLink>
          <button
            type="button"
            className="button"
            disabled={logout.isPending}
            onClick={() => {
              logout.mutate();
            }}
            data-testid="sign-out"
          >
            Sign out
          </button>
        </div>
      </header>
      <main id="main" className="content">
        <Outlet />
      </main>
    </div>
  );
};

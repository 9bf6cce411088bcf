import { NavLink, Outlet } from 'react-router';
import { useCan, useLogout, useStaffSession } from '../features/session/api';
import { consoleSections, sectionGroups } from './sections';
import './shell.css';

/** The signed-in frame: navigation grouped by area, who is signed in, and the screen. */
export const Shell = () => {
  const { staff } = useStaffSession();
  const can = useCan();
  const logout = useLogout();
  const shown = consoleSections.filter((section) => can(section.permission));
  const groups = sectionGroups
    .map((group) => ({ group, sections: shown.filter((section) => section.group === group) }))
    .filter(({ sections }) => sections.length > 0);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <span className="topbar__brand">Operator console</span>
        <div className="topbar__staff">
          <span data-testid="staff-name">
            {staff ? `${staff.displayName} (${staff.role?.name ?? 'no role'})` : '…'}
          </span>
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
      <nav aria-label="Sections" className="sidebar">
        {groups.map(({ group, sections }) => (
          <div key={group} className="sidebar__group">
            <span className="sidebar__heading" id={`nav-group-${group.toLowerCase()}`}>
              {group}
            </span>
            <ul aria-labelledby={`nav-group-${group.toLowerCase()}`}>
              {sections.map((section) => (
                <li key={section.path}>
                  <NavLink to={section.path} data-testid={`nav-${section.path.slice(1)}`}>
                    {section.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <main id="main" className="content">
        <Outlet />
      </main>
    </div>
  );
};

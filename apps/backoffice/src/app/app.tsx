import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { ApprovalsPage } from '../features/approvals/approvals-page';
import { AuditPage } from '../features/audit/audit-page';
import { CockfightPage } from '../features/cockfight/cockfight-page';
import { MembersPage } from '../features/members/members-page';
import { OutboxPage } from '../features/notifications/outbox-page';
import { ChannelsPage } from '../features/payments/channels-page';
import { DepositsPage } from '../features/payments/deposits-page';
import { SettingsPage } from '../features/payments/payment-settings-page';
import { WithdrawalsPage } from '../features/payments/withdrawals-page';
import { PromotionsPage } from '../features/promotions/promotions-page';
import { ClaimReviewsPage } from '../features/promotions/claim-reviews-page';
import { MallItemsPage } from '../features/loyalty/mall-items-page';
import { RedemptionsPage } from '../features/loyalty/redemptions-page';
import { VipLevelsPage } from '../features/loyalty/vip-levels-page';
import { LeaderboardsPage } from '../features/loyalty/leaderboards-page';
import { MissionsPage } from '../features/loyalty/missions-page';
import { useStaffSession } from '../features/session/api';
import { ChangePasswordPage, ForcedPasswordChange } from '../features/session/change-password-page';
import { LoginPage } from '../features/session/login-page';
import { StaffPage } from '../features/staff/staff-page';
import { Shell } from './shell';

/** The path the platform serves the console under; Vite builds with the same base. */
export const consoleBasePath = '/backoffice';

/**
 * Screens behind the staff session; without one, the login (which comes back here afterwards). While the
 * server asks for a new password, the password change is the only screen (the server refuses the others).
 */
const RequireStaff = () => {
  const { token, staff, isLoading } = useStaffSession();
  const location = useLocation();
  if (token === null)
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (isLoading) return <p className="muted">Loading…</p>;
  if (staff?.mustChangePassword) return <ForcedPasswordChange />;
  return <Outlet />;
};

const NotFound = () => (
  <section>
    <h1>Not found</h1>
    <p>This screen does not exist. Pick a section above.</p>
  </section>
);

export const App = ({ queryClient }: { queryClient: QueryClient }) => (
  <QueryClientProvider client={queryClient}>
    <BrowserRouter basename={consoleBasePath}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route element={<RequireStaff />}>
          <Route element={<Shell />}>
            <Route index element={<Navigate to="/deposits" replace />} />
            <Route path="/deposits" element={<DepositsPage />} />
            <Route path="/withdrawals" element={<WithdrawalsPage />} />
            <Route path="/approvals" element={<ApprovalsPage />} />
            <Route path="/members" element={<MembersPage />} />
            <Route path="/promotions" element={<PromotionsPage />} />
            <Route path="/promotion-reviews" element={<ClaimReviewsPage />} />
            <Route path="/vip-levels" element={<VipLevelsPage />} />
            <Route path="/missions" element={<MissionsPage />} />
            <Route path="/leaderboards" element={<LeaderboardsPage />} />
            <Route path="/points-mall" element={<MallItemsPage />} />
            <Route path="/redemptions" element={<RedemptionsPage />} />
            <Route path="/cockfight" element={<CockfightPage />} />
            <Route path="/channels" element={<ChannelsPage />} />
            <Route path="/settings" element={<SettingsPage />} />
            <Route path="/audit" element={<AuditPage />} />
            <Route path="/staff" element={<StaffPage />} />
            <Route path="/outbox" element={<OutboxPage />} />
            <Route path="/password" element={<ChangePasswordPage />} />
            <Route path="*" element={<NotFound />} />
          </Route>
        </Route>
      </Routes>
    </BrowserRouter>
  </QueryClientProvider>
);

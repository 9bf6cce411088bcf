import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { MemberMission } from '@wps/contracts/loyalty-missions';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { buildMemberInfo, mockApi, ok } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';

const buildMission = (overrides: Partial<MemberMission> = {}): MemberMission => ({
  missionId: '5',
  periodKey: '2026-11-27',
  title: 'Ten rounds',
  description: 'Play 10 rounds today.',
  kind: 'rounds',
  cadence: 'daily',
  progress: '4',
  target: '10',
  percent: 40,
  status: 'in_progress',
  rewardKind: 'cash',
  rewardAmount: '2.00',
  missionPoints: 10,
  periodEndsAt: '2026-11-27T16:00:00.000Z',
  ...overrides,
});

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
  window.sessionStorage.setItem('token', 'tok-1');
});

const baseRoutes = {
  'GET /wps/member/info': ok(buildMemberInfo()),
  'GET /wps/v2/wallets/balance': ok({
    balance: '100.00',
    currency: 'USD',
    currencySymbol: '$',
    bonusBalance: '0.00',
  }),
  'GET /wps/rewards/unread': ok({ count: 0 }),
};

describe('missions page', () => {
  it('shows progress, marks completed missions seen, claims one and shows the leaderboard', async () => {
    let unread = 1;
    let claimed = false;
    const api = mockApi({
      ...baseRoutes,
      'GET /wps/relay/MCSFE_getMissionSummaryDetails': () =>
        ok({
          currency: 'USD',
          unread,
          missions: [
            buildMission(),
            buildMission({
              missionId: '6',
              title: 'Daily deposit',
              progress: '1',
              target: '1',
              percent: 100,
              status: claimed ? 'claimed' : 'completed',
              rewardKind: 'points',
              rewardAmount: '50',
            }),
          ],
        }),
      'POST /wps/relay/MCSFE_markMissionsSeen': () => {
        unread = 0;
        return ok({ unread: 0 });
      },
      'POST /wps/relay/MCSFE_claimMission': () => {
        claimed = true;
        return ok({ placedIn: 'points', mission: buildMission({ missionId: '6', status: 'claimed' }) });
      },
      'GET /wps/relay/MCSFE_getMissionLeaderboard': ok({
        currency: 'USD',
        leaderboards: [
          {
            leaderboardId: '1',
            title: 'Weekly champions',
            metric: 'mission_points',
            period: 'weekly',
            periodKey: 'weekly:2026-W48',
            periodEndsAt: '2026-11-29T16:00:00.000Z',
            prizes: ['50.00', '30.00'],
            standings: [{ place: 1, username: 'pl***1', score: '40' }],
            me: { place: 1, score: '40' },
            lastWinners: [],
          },
        ],
      }),
    });
    renderApp('/member?page=missionLeaderboard', permission);

    expect((await screen.findByTestId('mission-progress-5')).textContent).toBe('4 / 10');
    expect(screen.getByTestId('mission-5-2026-11-27').textContent).toContain('In progress');
    await waitFor(() => {
      expect(
        api.requests.some(
          (request) =>
            request.method === 'POST' && request.url.pathname === '/wps/relay/MCSFE_markMissionsSeen',
        ),
      ).toBe(true);
    });
    fireEvent.click(screen.getByTestId('mission-claim-6'));
    await waitFor(() => {
      expect(screen.getByTestId('mission-6-2026-11-27').textContent).toContain('Claimed');
    });
    const claim = api.requests.find((request) => request.url.pathname === '/wps/relay/MCSFE_claimMission');
    expect(claim?.body).toEqual({ missionId: '6', periodKey: '2026-11-27' });

    fireEvent.click(screen.getByTestId('missions-tab-leaderboard'));
    const board = await screen.findByTestId('leaderboard-1');
    expect(board.textContent).toContain('pl***1');
    expect(board.textContent).toContain('USD 50.00');
    expect(screen.getByTestId('leaderboard-me').textContent).toContain('#1');
  });
});

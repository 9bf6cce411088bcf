import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { OperatorLeaderboard, OperatorMission } from '@wps/contracts/loyalty-missions';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, signIn, signedInRoutes } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const mission: OperatorMission = {
  id: '4',
  title: { en: 'Ten rounds' },
  description: { en: 'Play ten rounds.' },
  kind: 'rounds',
  cadence: 'daily',
  target: '10',
  threshold: '0',
  productLine: null,
  gameId: null,
  feature: null,
  rewardKind: 'cash',
  rewardAmount: '2.00',
  rewardTurnoverMultiplier: 0,
  missionPoints: 10,
  status: 'draft',
  startsAt: '2026-11-27T00:00:00.000Z',
  endsAt: null,
  sortOrder: 0,
  updatedAt: '2026-11-27T00:00:00.000Z',
};

const board: OperatorLeaderboard = {
  id: '2',
  title: { en: 'Weekly champions' },
  metric: 'mission_points',
  period: 'weekly',
  prizes: ['50.00', '30.00'],
  prizeTurnoverMultiplier: 1,
  status: 'live',
  updatedAt: '2026-11-27T00:00:00.000Z',
};

describe('missions and leaderboards console', () => {
  it('creates a mission with the kind-specific fields and puts a draft live', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/loyalty/missions': ok({ currency: 'USD', missions: [mission] }),
      'POST /wps/backoffice/loyalty/missions': ({ body }) => ok({ ...mission, ...(body as object), id: '5' }),
      'POST /wps/backoffice/loyalty/missions/4/status': ok({ ...mission, status: 'live' }),
    });
    renderConsole('/missions');

    expect((await screen.findByTestId('mission-row-4')).textContent).toContain('Ten rounds');
    fireEvent.click(screen.getByTestId('mission-4-live'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/backoffice/loyalty/missions/4/status')[0]?.body).toEqual({
        status: 'live',
      });
    });

    fireEvent.click(screen.getByTestId('mission-new'));
    fireEvent.change(screen.getByTestId('mission-titleEn'), { target: { value: 'Big win' } });
    fireEvent.change(screen.getByTestId('mission-kind'), { target: { value: 'big_win' } });
    fireEvent.change(screen.getByTestId('mission-threshold'), { target: { value: '10' } });
    fireEvent.change(screen.getByTestId('mission-rewardKind'), { target: { value: 'bonus' } });
    fireEvent.change(screen.getByTestId('mission-rewardAmount'), { target: { value: '5' } });
    fireEvent.change(screen.getByTestId('mission-rewardTurnoverMultiplier'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('mission-save'));
    await screen.findByTestId('mission-new');
    expect(api.requestsTo('POST /wps/backoffice/loyalty/missions')[0]?.body).toMatchObject({
      kind: 'big_win',
      threshold: '10',
      rewardKind: 'bonus',
      rewardAmount: '5',
      rewardTurnoverMultiplier: 3,
    });
  });

  it('lists leaderboards with prizes, pauses one and shows prizes paid', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/loyalty/leaderboards': ok({ currency: 'USD', leaderboards: [board] }),
      'GET /wps/backoffice/loyalty/leaderboards/payouts': ok({
        payouts: [
          {
            leaderboardId: '2',
            periodKey: 'weekly:2026-W47',
            place: 1,
            username: 'player01',
            score: '120',
            amount: '50.00',
            createdAt: '2026-11-23T16:01:00.000Z',
          },
        ],
      }),
      'POST /wps/backoffice/loyalty/leaderboards/2/status': ok({ ...board, status: 'paused' }),
    });
    renderConsole('/leaderboards');

    expect((await screen.findByTestId('leaderboard-row-2')).textContent).toContain('USD 50.00, USD 30.00');
    expect((await screen.findByTestId('leaderboard-payouts-table')).textContent).toContain('weekly:2026-W47');
    fireEvent.click(screen.getByTestId('leaderboard-2-paused'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/backoffice/loyalty/leaderboards/2/status')[0]?.body).toEqual({
        status: 'paused',
      });
    });
  });
});

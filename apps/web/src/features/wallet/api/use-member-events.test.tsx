import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clearSessionKeepingMerchant } from '../../../lib/storage';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';
import { logInWithApi } from '../testing/wallet-fixtures';
import { applyMemberEvent } from './use-member-events';

const seeded = () => {
  const queryClient = new QueryClient();
  const keys: [string, readonly unknown[]][] = [
    ['wallet/balance', ['wallet', 'balance']],
    ['wallet/funds', ['wallet', 'funds']],
    ['wallet/records', ['wallet', 'records', 'transactions', {}, 1]],
    ['wallet/merchant-wallet', ['wallet', 'merchant-wallet']],
    ['payments/withdrawals', ['payments', 'withdrawals']],
    ['games/betting-records', ['games', 'betting-records', 'page', {}, 1]],
    ['games/catalogue', ['games', 'catalogue', 'menus']],
    ['messages/unread-count', ['messages', 'unread-count']],
    ['members/info', ['members', 'info', 'tok']],
    ['loyalty/missions', ['loyalty', 'missions', 'summary', 'en']],
    ['loyalty/vip', ['loyalty', 'vip', 'player-rank']],
  ];
  for (const [, key] of keys) queryClient.setQueryData(key, 1);
  const invalidated = () =>
    keys.filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated).map(([name]) => name);
  return { queryClient, invalidated };
};

describe('applyMemberEvent', () => {
  it('refreshes the balance, funds, records, payments and the betting record on a balance signal', () => {
    const { queryClient, invalidated } = seeded();
    applyMemberEvent(queryClient, 'balance');
    expect(invalidated()).toEqual([
      'wallet/balance',
      'wallet/funds',
      'wallet/records',
      'payments/withdrawals',
      'games/betting-records',
    ]);
  });

  it('refreshes the inbox on a message signal, and ignores unknown signals', () => {
    const { queryClient, invalidated } = seeded();
    applyMemberEvent(queryClient, 'something-else');
    expect(invalidated()).toEqual([]);
    applyMemberEvent(queryClient, 'message');
    expect(invalidated()).toEqual(['messages/unread-count']);
  });

  it('refreshes every loyalty query (missions, VIP, points) and the member info (the header VIP label) on a loyalty signal', () => {
    const { queryClient, invalidated } = seeded();
    applyMemberEvent(queryClient, 'loyalty');
    expect(invalidated()).toEqual(['members/info', 'loyalty/missions', 'loyalty/vip']);
  });
});

describe('useMemberEvents', () => {
  it('follows the stream while logged in and closes it at logout', async () => {
    const api = logInWithApi({});
    renderApp('/', await buildSitePermission());
    await screen.findByTestId('header-account');
    await waitFor(() => {
      expect(api.streams.at(-1)?.isOpen()).toBe(true);
    });
    const opened = api.streams.length;

    act(() => {
      clearSessionKeepingMerchant();
    });

    await waitFor(() => {
      expect(api.streams.every((stream) => !stream.isOpen())).toBe(true);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.streams).toHaveLength(opened);
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MemberMessage } from '@wps/contracts/messages';
import { expect, it } from 'vitest';
import { buildMemberInfo, mockApi, ok } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';

const message = (id: string, isRead: boolean): MemberMessage => ({
  id,
  kind: 'deposit_credited',
  params: { amount: `${id}0.00`, currency: 'USD', reference: `D-${id}` },
  title: 'Deposit credited',
  body: 'Your deposit was credited.',
  isRead,
  createdAt: '2026-01-02T03:04:05.000Z',
});

/** A tiny inbox behind the mocked API, so reads and deletes change what the next request answers. */
const mockInbox = () => {
  let inbox = [message('3', false), message('2', false), message('1', true)];
  const unread = () => inbox.filter((entry) => !entry.isRead);
  window.sessionStorage.setItem('token', 'tok-1');
  return mockApi({
    'GET /wps/member/info': ok(buildMemberInfo()),
    'GET /wps/member/info/icon': ok({ avatarUrl: null }),
    'GET /wps/relay/getUnreadMessageV2': () => ok({ count: unread().length, latest: unread()[0] ?? null }),
    'GET /wps/member/messages': () => ok({ list: inbox, totalPages: 1, unread: unread().length }),
    'POST /wps/member/messages/read': (request) => {
      const { ids } = request.body as { ids: string[] };
      inbox = inbox.map((entry) => (ids.includes(entry.id) ? { ...entry, isRead: true } : entry));
      return ok({ changed: ids.length });
    },
    'POST /wps/member/messages/read-all': () => {
      inbox = inbox.map((entry) => ({ ...entry, isRead: true }));
      return ok({ changed: 1 });
    },
    'DELETE /wps/member/messages/3': () => {
      inbox = inbox.filter((entry) => entry.id !== '3');
      return ok({ changed: 1 });
    },
    'POST /wps/member/messages/delete': (request) => {
      const { ids } = request.body as { ids: string[] };
      inbox = inbox.filter((entry) => !ids.includes(entry.id));
      return ok({ changed: ids.length });
    },
  });
};

it('shows the unread count in the header and the member centre, and reading a message lowers it', async () => {
  const api = mockInbox();
  renderApp('/member?page=messageV2', await buildSitePermission());

  expect((await screen.findByTestId('header-unread')).textContent).toBe('2');
  expect((await screen.findByTestId('member-messages-unread')).textContent).toBe('2');
  const items = await screen.findAllByTestId('message-item');
  expect(items.map((item) => item.dataset.read)).toEqual(['false', 'false', 'true']);
  expect(within(items[0] as HTMLElement).getByText('Deposit credited')).toBeTruthy();

  fireEvent.click(within(items[0] as HTMLElement).getByTestId('message-open'));
  expect((await screen.findByTestId('message-body')).textContent).toContain(
    'Your deposit no. D-3 of 30.00 USD was credited to your wallet.',
  );
  await waitFor(() => {
    expect(screen.getByTestId('header-unread').textContent).toBe('1');
  });
  expect(api.requestsTo('POST /wps/member/messages/read')[0]?.body).toEqual({ ids: ['3'] });

  fireEvent.click(screen.getByTestId('message-read-all'));
  await waitFor(() => {
    expect(screen.queryByTestId('header-unread')).toBeNull();
  });
  expect(screen.queryByTestId('member-messages-unread')).toBeNull();
});

it('deletes a message and a selection only once confirmed', async () => {
  const api = mockInbox();
  renderApp('/member?page=messageV2', await buildSitePermission());
  const [first] = await screen.findAllByTestId('message-item');
  fireEvent.click(within(first as HTMLElement).getByTestId('message-open'));

  fireEvent.click(await screen.findByTestId('message-delete'));
  fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByText('Cancel'));
  expect(api.requestsTo('DELETE /wps/member/messages/3')).toHaveLength(0);

  fireEvent.click(screen.getByTestId('message-delete'));
  fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('dialog-confirm'));
  await waitFor(() => {
    expect(screen.getAllByTestId('message-item')).toHaveLength(2);
  });

  for (const checkbox of screen.getAllByRole('checkbox')) fireEvent.click(checkbox);
  fireEvent.click(screen.getByTestId('message-delete-selected'));
  fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('dialog-confirm'));
  expect(await screen.findByText('No messages yet')).toBeTruthy();
  expect(api.requestsTo('POST /wps/member/messages/delete')[0]?.body).toEqual({ ids: ['2', '1'] });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AgentTreeNode } from '@wps/contracts/agents-admin';
import { describe, expect, it } from 'vitest';
import {
  fail,
  mockApi,
  type MockRequest,
  ok,
  signedInRoutes,
  signIn,
  staffWith,
} from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const node = (account: string, overrides: Partial<AgentTreeNode> = {}): AgentTreeNode => ({
  id: String(account.length),
  account,
  nickname: `${account} nick`,
  type: 1,
  isAgent: true,
  status: 'active',
  upline: null,
  balance: '0.00',
  directMembers: 0,
  directAgents: 0,
  downlineSize: 0,
  ...overrides,
});

const top = node('top', { id: '1', balance: '25.00', directMembers: 1, directAgents: 1, downlineSize: 3 });
const sub = node('sub', { id: '2', upline: 'top', directMembers: 1, downlineSize: 1 });
const player = node('player', { id: '3', upline: 'top', isAgent: false, type: 0 });
const leaf = node('leaf', { id: '4', upline: 'sub', isAgent: false, type: 0 });

const page = (list: AgentTreeNode[]) => ok({ currency: 'USD', list, totalCount: list.length, totalPages: 1 });

const treeRoutes = {
  'GET /wps/backoffice/agents/tree': ({ url }: MockRequest) => {
    const parent = url.searchParams.get('parent');
    if (parent === null) return page([top]);
    return page(parent === 'top' ? [sub, player] : parent === 'sub' ? [leaf] : []);
  },
  'GET /wps/backoffice/agents/tree/locate': ({ url }: MockRequest) => {
    const paths: Record<string, AgentTreeNode[]> = { leaf: [top, sub, leaf], top: [top] };
    const path = paths[url.searchParams.get('username') ?? ''];
    return path ? ok({ currency: 'USD', path }) : fail('NOT_FOUND', 'No member nobody.');
  },
};

describe('the agent tree', () => {
  it('lists the top agents with their counts and balance, and opens a node on its direct downline', async () => {
    signIn();
    const api = mockApi({ ...signedInRoutes, ...treeRoutes });
    renderConsole('/agents');

    const row = await screen.findByTestId('agent-node-top');
    expect(screen.getByTestId('agent-counts-top').textContent).toBe('1 sub-agent · 1 player · 3 below');
    expect(screen.getByTestId('agent-balance-top').textContent).toBe('25.00 USD');
    expect(within(row).queryByTestId('agent-node-sub')).toBeNull();

    fireEvent.click(screen.getByTestId('agent-toggle-top'));
    expect(await within(row).findByTestId('agent-node-sub')).toBeTruthy();
    expect(within(screen.getByTestId('agent-level-top')).getByTestId('agent-node-player')).toBeTruthy();
    expect(
      api.requestsTo('GET /wps/backoffice/agents/tree').map((call) => call.url.searchParams.get('parent')),
    ).toEqual([null, 'top']);
    // A member with nobody below has nothing to open.
    expect(screen.getByTestId<HTMLButtonElement>('agent-toggle-player').disabled).toBe(true);
  });

  it('finds a member by name in its place, with its upline path to follow', async () => {
    signIn();
    const api = mockApi({ ...signedInRoutes, ...treeRoutes });
    renderConsole('/agents');

    fireEvent.change(await screen.findByTestId('agent-search-input'), { target: { value: ' leaf ' } });
    fireEvent.click(screen.getByTestId('agent-search-submit'));
    const path = await screen.findByTestId('agent-path');
    expect(path.textContent).toBe('top › sub › leaf');
    expect(screen.getByTestId('agent-node-leaf')).toBeTruthy();
    expect(screen.queryByTestId('agent-level-(top)')).toBeNull();

    fireEvent.click(screen.getByTestId('agent-path-top'));
    await waitFor(() => {
      expect(screen.getByTestId('agent-path').textContent).toBe('top');
    });
    expect(
      api
        .requestsTo('GET /wps/backoffice/agents/tree/locate')
        .map((call) => call.url.searchParams.get('username')),
    ).toEqual(['leaf', 'top']);

    fireEvent.change(screen.getByTestId('agent-search-input'), { target: { value: 'nobody' } });
    fireEvent.click(screen.getByTestId('agent-search-submit'));
    expect((await screen.findByTestId('agent-search-error')).textContent).toContain('No member nobody.');

    fireEvent.click(screen.getByTestId('agent-search-clear'));
    expect(await screen.findByTestId('agent-node-top')).toBeTruthy();
  });

  it('moves a sub-agent with its downline after a confirmation that says what moves', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      ...treeRoutes,
      'POST /wps/backoffice/agents/move-member': ok({
        account: 'sub',
        previousUpline: 'top',
        newUpline: 'other',
        movedMembers: 2,
      }),
    });
    renderConsole('/agents');
    fireEvent.click(await screen.findByTestId('agent-toggle-top'));
    fireEvent.click(await screen.findByTestId('agent-move-sub'));

    const dialog = await screen.findByTestId('move-dialog');
    const review = within(dialog).getByTestId<HTMLButtonElement>('move-review');
    expect(review.disabled).toBe(true);
    fireEvent.change(within(dialog).getByTestId('move-new-upline'), { target: { value: 'other' } });
    fireEvent.change(within(dialog).getByTestId('move-reason'), { target: { value: 'Agreed with both' } });
    fireEvent.click(review);

    expect(within(dialog).getByTestId('move-summary').textContent).toContain(
      'moves agent sub and the 1 member below it (0 direct sub-agents, 1 direct player) from agent top to agent other',
    );
    expect(api.requestsTo('POST /wps/backoffice/agents/move-member')).toEqual([]);
    const treeReads = api.requestsTo('GET /wps/backoffice/agents/tree').length;
    fireEvent.click(within(dialog).getByTestId('move-confirm'));

    expect((await screen.findByTestId('move-result')).textContent).toBe(
      'sub moved from agent top to agent other with 2 members in all.',
    );
    expect(screen.queryByTestId('move-dialog')).toBeNull();
    expect(api.requestsTo('POST /wps/backoffice/agents/move-member')[0]?.body).toEqual({
      username: 'sub',
      newUpline: 'other',
      reason: 'Agreed with both',
    });
    // The tree is read again after the move.
    await waitFor(() => {
      expect(api.requestsTo('GET /wps/backoffice/agents/tree').length).toBeGreaterThan(treeReads);
    });
  });

  it('moves to the top, and shows the server’s refusal in the dialog', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      ...treeRoutes,
      'POST /wps/backoffice/agents/move-member': fail('AGENT_TREE_CYCLE'),
    });
    renderConsole('/agents');
    fireEvent.click(await screen.findByTestId('agent-move-top'));
    const dialog = await screen.findByTestId('move-dialog');
    fireEvent.click(within(dialog).getByTestId('move-to-top'));
    fireEvent.change(within(dialog).getByTestId('move-reason'), { target: { value: 'Made independent' } });
    fireEvent.click(within(dialog).getByTestId('move-review'));
    expect(within(dialog).getByTestId('move-summary').textContent).toContain(
      'from the top of the tree to the top of the tree',
    );
    fireEvent.click(within(dialog).getByTestId('move-confirm'));

    expect((await within(dialog).findByTestId('move-error')).textContent).toContain(
      'A member cannot be moved under its own downline.',
    );
    expect(api.requestsTo('POST /wps/backoffice/agents/move-member')[0]?.body).toMatchObject({
      username: 'top',
      newUpline: null,
    });
  });

  it('offers no move to staff without agents.move_member', async () => {
    signIn();
    mockApi({ 'GET /wps/backoffice/session/me': ok(staffWith(['agents.view'])), ...treeRoutes });
    renderConsole('/agents');
    expect(await screen.findByTestId('agent-node-top')).toBeTruthy();
    expect(screen.queryByTestId('agent-move-top')).toBeNull();
  });
});

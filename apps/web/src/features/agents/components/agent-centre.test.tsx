import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import {
  buildMemberInfo,
  fail,
  mockApi,
  ok,
  type MockReply,
  type MockRequest,
} from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';
import type { DownlineMember } from '../api/get-downlines';
import {
  buildAgentPermission,
  buildContract,
  buildContractInfo,
  buildOverview,
} from '../testing/agent-fixtures';

type Route = MockReply | ((request: MockRequest) => MockReply);

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildAgentPermission();
});

const logInAgent = (routes: Record<string, Route>) => {
  window.sessionStorage.setItem('token', 'agent-token');
  return mockApi({
    'GET /wps/member/info': ok(
      buildMemberInfo({ type: 1, isAgent: true, account: 'bossagent', nickname: 'Boss' }),
    ),
    'GET /wps/relay/MCSFE_getListAnnouncements': ok({ list: [], totalPages: 0, totalCount: 0 }),
    ...routes,
  });
};

const menu = () => within(screen.getByRole('navigation', { name: 'Agent menu' }));
const findMenu = async () => within(await screen.findByRole('navigation', { name: 'Agent menu' }));

const downline = (account: string, overrides: Partial<DownlineMember> = {}): DownlineMember => ({
  account,
  nickname: account,
  type: 0,
  isAgent: false,
  level: 1,
  upline: 'bossagent',
  balance: '25.50',
  status: 'ACTIVE',
  registeredAt: '2026-11-01T00:00:00.000Z',
  lastLoginAt: null,
  ...overrides,
});

describe('agent centre', () => {
  it('shows the dividend and salary pages only as the consolidated contract info allows', async () => {
    const api = logInAgent({
      'GET /wps/agent/contracts/consolidated': ok(buildContractInfo({ dailySalaryFlag: true })),
      'GET /wps/relay/MCS2_processDailySalContract': ok(buildOverview()),
      'GET /wps/agent/contracts/payments': ok({ list: [], totalCount: 0, totalPages: 0, paidTotal: '0.00' }),
    });
    renderApp('/agentHome?page=agentHourSalary', permission);

    expect(await (await findMenu()).findByTestId('agent-menu-agentDailyWages2')).toBeTruthy();
    expect(menu().queryByTestId('agent-menu-agentHourSalary')).toBeNull();
    expect(menu().queryByTestId('agent-menu-agentDividendRecordCopy2')).toBeNull();
    expect(menu().queryByTestId('agent-menu-agentRealtimeSalary')).toBeNull();
    // A page the info does not allow opens the first page instead.
    expect(screen.getByTestId('agent-page-agentAnnouncement')).toBeTruthy();
    expect(api.requestsTo('GET /wps/relay/MCS2_processContractHourSalary')).toHaveLength(0);

    fireEvent.click(menu().getByTestId('agent-menu-agentDailyWages2'));
    expect(await screen.findByTestId('contract-page-DAILY_SALARY')).toBeTruthy();
    expect(await screen.findByText('No pay records yet.')).toBeTruthy();
  });

  it('hides every contract page when the brand has no agent policy, and never asks for the info', async () => {
    const plain = await buildSitePermission();
    const api = logInAgent({
      'GET /wps/agent/contracts/consolidated': ok(
        buildContractInfo({ dailySalaryFlag: true, salaryFlag: true }),
      ),
    });
    renderApp('/agentHome', plain);

    expect(await (await findMenu()).findByTestId('agent-menu-agentTeamOverview')).toBeTruthy();
    expect(menu().queryByTestId('agent-menu-agentDailyWages2')).toBeNull();
    expect(menu().queryByTestId('agent-menu-agentRealtimeSalary')).toBeNull();
    expect(api.requestsTo('GET /wps/agent/contracts/consolidated')).toHaveLength(0);
  });

  it('shows the announcements inside its section under the one heading', async () => {
    logInAgent({
      'GET /wps/agent/contracts/consolidated': ok(buildContractInfo()),
      'GET /wps/relay/MCSFE_getListAnnouncements': ok({
        list: [
          {
            id: '1',
            type: 'PL',
            title: 'New agent rates',
            content: '<p>From Monday.</p>',
            startDate: Date.UTC(2026, 10, 1),
            endDate: null,
            promotionType: null,
            execution: 'A',
          },
        ],
        totalPages: 1,
        totalCount: 1,
      }),
    });
    renderApp('/agentHome?page=agentAnnouncement', permission);

    const section = await screen.findByTestId('agent-page-agentAnnouncement');
    expect(await within(section).findByText('New agent rates')).toBeTruthy();
    // The section's own heading only: the /announce page's title and frame are not nested inside it.
    expect(screen.getAllByRole('heading', { name: 'Announcements' })).toHaveLength(1);
    expect(within(section).queryByTestId('announcements-page')).toBeNull();
  });

  it('opens deposit and messages inside the full-screen shell and signs out to /agent', async () => {
    logInAgent({
      'GET /wps/agent/contracts/consolidated': ok(buildContractInfo()),
      'DELETE /wps/session/logout': ok(null),
    });
    renderApp('/agentHome', permission);

    fireEvent.click(await screen.findByTestId('agent-deposit'));
    expect(await screen.findByTestId('deposit-page', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('agent-page-depositv2')).toBeTruthy();
    fireEvent.click(screen.getByTestId('agent-messages'));
    expect(await screen.findByTestId('agent-page-messageV2')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Messages', level: 2 })).toBeTruthy();
    // The site's own header never shows inside the agent centre.
    expect(screen.queryByTestId('header-member')).toBeNull();

    fireEvent.click(screen.getByTestId('logout-button'));
    fireEvent.click(await screen.findByTestId('dialog-confirm'));
    await waitFor(() => {
      expect(window.location.pathname).toBe('/agent');
    });
  }, 15_000);

  it('opens the live chat with support over the agent centre', async () => {
    logInAgent({
      'GET /wps/agent/contracts/consolidated': ok(buildContractInfo()),
      'GET /wps/relay/CBS_modelList': ok({ list: [{ modelId: 'live-chat', title: 'Live chat' }] }),
      'GET /wps/relay/CBS_launchChat': ok({ chatUrl: '/?modal=chat' }),
      'GET /wps/chat/conversation': ok(null),
    });
    renderApp('/agentHome', permission);

    fireEvent.click(await screen.findByTestId('live-chat-button', {}, { timeout: 5000 }));
    expect(await screen.findByTestId('chat-modal', {}, { timeout: 5000 })).toBeTruthy();
    expect(window.location.pathname).toBe('/agentHome');
    expect(screen.getByTestId('agent-home-page')).toBeTruthy();
  }, 15_000);

  it('searches the downline by name and level and pages through it', async () => {
    const api = logInAgent({
      'GET /wps/agent/contracts/consolidated': ok(buildContractInfo()),
      'GET /wps/agent/downline': (request) => {
        const pageNo = Number(request.url.searchParams.get('pageNo'));
        const list =
          pageNo === 2 ? [downline('player21')] : [downline('player01'), downline('player02', { level: 2 })];
        return ok({ currency: 'USD', list, total: 21, pageNo, pageSize: 20 });
      },
    });
    renderApp('/agentHome?page=downlineManagmentView', permission);

    const table = await screen.findByTestId('downline-table');
    expect(
      within(table)
        .getAllByTestId('downline-account')
        .map((cell) => cell.textContent),
    ).toEqual(['player01', 'player02']);
    expect(within(table).getAllByTestId('downline-balance')[0]?.textContent).toBe('25.50');

    fireEvent.change(screen.getByLabelText('Username', { selector: 'input' }), {
      target: { value: ' play ' },
    });
    fireEvent.change(screen.getByTestId('downline-level'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('downline-search-submit'));
    await waitFor(() => {
      expect(api.requestsTo('GET /wps/agent/downline').at(-1)?.url.searchParams.get('username')).toBe('play');
    });
    const searched = api.requestsTo('GET /wps/agent/downline').at(-1)?.url.searchParams;
    expect(searched?.get('username')).toBe('play');
    expect(searched?.get('level')).toBe('1');
    expect(searched?.get('pageNo')).toBe('1');

    expect(screen.getByTestId('downline-pages-current').textContent).toBe('Page 1 of 2');
    fireEvent.click(screen.getByTestId('downline-pages-next'));
    await waitFor(() => {
      expect(screen.getAllByTestId('downline-account').map((cell) => cell.textContent)).toEqual(['player21']);
    });
    const paged = api.requestsTo('GET /wps/agent/downline').at(-1)?.url.searchParams;
    expect(paged?.get('pageNo')).toBe('2');
    expect(paged?.get('username')).toBe('play');
    expect(screen.getByTestId('downline-pages-next').hasAttribute('disabled')).toBe(true);
  });

  it('transfers to a downline from its row through the wallet transfer', async () => {
    const api = logInAgent({
      'GET /wps/agent/contracts/consolidated': ok(buildContractInfo()),
      'GET /wps/agent/downline': ok({
        currency: 'USD',
        list: [downline('player01')],
        total: 1,
        pageNo: 1,
        pageSize: 20,
      }),
      'POST /wps/member/transfers/downline': ok({
        transactionId: 't-1',
        recipient: 'player01',
        amount: '40.00',
        balance: '960.00',
      }),
    });
    renderApp('/agentHome?page=downlineManagmentView', permission);

    fireEvent.click(await screen.findByRole('button', { name: 'Transfer to player01' }));
    const modal = await screen.findByTestId('downline-transfer-modal');
    fireEvent.change(within(modal).getByLabelText('Amount', { selector: 'input' }), {
      target: { value: '40' },
    });
    fireEvent.change(within(modal).getByLabelText('Payment password', { selector: 'input' }), {
      target: { value: '123456' },
    });
    fireEvent.click(within(modal).getByTestId('downline-transfer-submit'));

    await waitFor(() => {
      expect(screen.queryByTestId('downline-transfer-modal')).toBeNull();
    });
    expect(api.requestsTo('POST /wps/member/transfers/downline')[0]?.body).toEqual({
      username: 'player01',
      amount: '40',
      paymentPassword: '123456',
      requestId: expect.any(String) as unknown,
    });
  });

  it('offers a contract to a direct downline agent with its tiers in basis points', async () => {
    const api = logInAgent({
      'GET /wps/agent/contracts/consolidated': ok(buildContractInfo({ dailySalaryFlag: true })),
      'GET /wps/agent/contracts/payments': ok({ list: [], totalCount: 0, totalPages: 0, paidTotal: '0.00' }),
      'GET /wps/relay/MCS2_processDailySalContract': ok(
        buildOverview({
          offerableDownlines: [{ id: '9', account: 'subagent', nickname: 'Sub' }],
          maxOfferRateBasisPoints: 200,
        }),
      ),
      'POST /wps/relay/MCS2_processDailySalContract': ok({
        contract: buildContract({ myRole: 'UPLINE' }),
        ended: [],
      }),
    });
    renderApp('/agentHome?page=agentDailyWages2', permission);

    const form = await screen.findByTestId('contract-offer-form');
    fireEvent.change(within(form).getByTestId('contract-offer-downline'), { target: { value: 'subagent' } });
    fireEvent.change(within(form).getByLabelText('Tier 1: valid bet from', { selector: 'input' }), {
      target: { value: '1000' },
    });
    fireEvent.change(within(form).getByLabelText('Tier 1: active members', { selector: 'input' }), {
      target: { value: '2' },
    });
    fireEvent.change(within(form).getByLabelText('Tier 1: rate (%)', { selector: 'input' }), {
      target: { value: '2.5' },
    });
    fireEvent.click(within(form).getByTestId('contract-offer-submit'));
    // Above the agent's own 2.00%: refused before sending.
    expect((await within(form).findByTestId('contract-offer-tiers-error')).textContent).toBe(
      "A rate may not be above your own contract's 2.00%.",
    );
    expect(api.requestsTo('POST /wps/relay/MCS2_processDailySalContract')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Tier 1: rate (%)', { selector: 'input' }), {
      target: { value: '1.5' },
    });
    fireEvent.click(within(form).getByTestId('contract-offer-submit'));
    expect((await screen.findByTestId('toast')).textContent).toBe('Contract offered to subagent.');
    expect(api.requestsTo('POST /wps/relay/MCS2_processDailySalContract')[0]?.body).toEqual({
      action: 'OFFER',
      downline: 'subagent',
      tiers: [{ minFigure: '1000', minActiveMembers: 2, rateBasisPoints: 150 }],
    });
  });

  it('registers a sub-agent directly and shows the affiliate link with its QR code', async () => {
    const api = logInAgent({
      'GET /wps/agent/contracts/consolidated': ok(buildContractInfo()),
      'GET /wps/agent/affiliate-links': ok({
        links: [
          {
            code: 'AB12CD',
            isAgentLink: false,
            note: null,
            url: 'https://example.com/register?affiliate=AB12CD',
            createdAt: '2026-11-01T00:00:00.000Z',
          },
        ],
      }),
      'POST /wps/agent/members': ok({ account: 'newagent', type: 1, upline: 'bossagent' }),
    });
    renderApp('/agentHome?page=registerCenter', permission);

    expect((await screen.findByTestId('affiliate-code')).textContent).toBe('AB12CD');
    expect(screen.getByTestId('affiliate-link').getAttribute('href')).toBe(
      'https://example.com/register?affiliate=AB12CD',
    );
    const qr = screen.getByRole('img', { name: 'QR code of the affiliate link AB12CD' });
    expect(qr.getAttribute('data-qr-text')).toBe('https://example.com/register?affiliate=AB12CD');
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);

    const form = screen.getByTestId('register-downline-form');
    fireEvent.click(within(form).getByTestId('register-downline-submit'));
    expect(within(form).getByTestId('register-downline-username-error').textContent).toBe(
      'Please enter a username.',
    );
    fireEvent.change(within(form).getByTestId('register-downline-kind'), { target: { value: 'AGENT' } });
    fireEvent.change(within(form).getByLabelText('Username', { selector: 'input' }), {
      target: { value: 'newagent' },
    });
    fireEvent.change(within(form).getByLabelText('Password', { selector: 'input' }), {
      target: { value: 'Secret123' },
    });
    fireEvent.change(within(form).getByLabelText('Confirm password', { selector: 'input' }), {
      target: { value: 'Secret123' },
    });
    fireEvent.click(within(form).getByTestId('register-downline-submit'));

    expect((await screen.findByTestId('toast')).textContent).toBe('Sub-agent newagent registered.');
    expect(api.requestsTo('POST /wps/agent/members')[0]?.body).toEqual({
      username: 'newagent',
      password: 'Secret123',
      isAgent: true,
    });
  });
});

describe('agent reports', () => {
  it('shows the team overview cards and a bar per day for the chosen figure', async () => {
    const day = (date: string, validBet: string, profitLoss: string) => ({
      date,
      newMembers: 1,
      activeMembers: 2,
      depositAmount: '100.00',
      withdrawalAmount: '0.00',
      validBet,
      profitLoss,
    });
    const api = logInAgent({
      'GET /wps/agent/contracts/consolidated': ok(buildContractInfo()),
      'GET /wps/agent/team/overview': ok({
        currency: 'USD',
        startDate: '2026-11-18',
        endDate: '2026-11-20',
        teamSize: 12,
        directMembers: 3,
        newMembers: 3,
        activeMembers: 5,
        figures: {
          betCount: 9,
          betAmount: '90.00',
          validBet: '1234.50',
          payout: '1000.00',
          profitLoss: '-234.50',
          depositCount: 3,
          depositAmount: '300.00',
          withdrawalCount: 0,
          withdrawalAmount: '0.00',
          bonusAmount: '0.00',
        },
        series: [
          day('2026-11-18', '1000.00', '-300.00'),
          day('2026-11-19', '0.00', '0.00'),
          day('2026-11-20', '234.50', '65.50'),
        ],
      }),
    });
    renderApp('/agentHome?page=agentTeamOverview', permission);

    expect((await screen.findByTestId('overview-team_size')).textContent).toBe('12');
    expect(screen.getByTestId('overview-valid_bets').textContent).toBe('1,234.50');
    expect(screen.getByTestId('overview-profit_loss').textContent).toBe('-234.50');
    const chart = screen.getByRole('img', { name: 'Valid bets per day' });
    const bars = within(screen.getByTestId('overview-chart')).getAllByTestId('overview-chart-bar');
    expect(bars).toHaveLength(3);
    expect(bars[0]?.textContent).toBe('2026-11-18: 1,000.00');
    expect(chart).toBeTruthy();

    fireEvent.change(screen.getByTestId('overview-metric'), { target: { value: 'profitLoss' } });
    expect(screen.getByRole('img', { name: 'Profit and loss per day' })).toBeTruthy();
    // A loss is drawn below the zero line.
    expect(screen.getAllByTestId('overview-chart-bar')[0]?.getAttribute('class')).toContain('negative');
    expect(api.requestsTo('GET /wps/agent/team/overview')[0]?.url.searchParams.get('startDate')).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    );
  });

  it('asks for a downline member before showing account details, then lists their entries', async () => {
    const api = logInAgent({
      'GET /wps/agent/contracts/consolidated': ok(buildContractInfo()),
      'GET /wps/agent/team/transactions': ok({
        currency: 'USD',
        list: [
          {
            entryId: '5',
            account: 'player01',
            recordType: 'transfer',
            kind: 'transfer.downline',
            amount: '40.00',
            balanceAfter: '65.50',
            createdAt: '2026-11-20T10:00:00.000Z',
          },
        ],
        total: 1,
        pageNo: 1,
        pageSize: 20,
      }),
    });
    renderApp('/agentHome?page=agentDownlineTransactionDetailsCopy', permission);

    expect(
      await screen.findByText("Enter a downline member's username to see their account details."),
    ).toBeTruthy();
    expect(api.requestsTo('GET /wps/agent/team/transactions')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Downline username', { selector: 'input' }), {
      target: { value: 'player01' },
    });
    fireEvent.click(screen.getByTestId('details-range-submit'));
    const row = await screen.findByTestId('details-row');
    expect(row.textContent).toContain('+40.00');
    expect(api.requestsTo('GET /wps/agent/team/transactions')[0]?.url.searchParams.get('username')).toBe(
      'player01',
    );
  });
});

describe('the member side of the agent network', () => {
  it("points an agent's side-menu entry at its affiliate links and its income at the revenue report", async () => {
    logInAgent({ 'GET /wps/agent/contracts/consolidated': ok(buildContractInfo()) });
    renderApp('/', permission);

    const sideMenu = within(await screen.findByRole('navigation', { name: 'Main menu' }));
    expect((await sideMenu.findByRole('link', { name: 'Agent centre' })).getAttribute('href')).toBe(
      '/agentHome?page=registerCenter',
    );
    expect(sideMenu.queryByRole('link', { name: 'Invite friends' })).toBeNull();
    expect((await screen.findByTestId('menu-my-income', {}, { timeout: 5000 })).getAttribute('href')).toBe(
      '/agentHome?page=agentRevenueReport',
    );
  });
});

describe('contract popup', () => {
  it('shows a new contract to the logged-in downline; Accept sends ACCEPT and the popup closes', async () => {
    let isAccepted = false;
    const pending = buildContract();
    const api = logInAgent({
      'GET /wps/agent/contracts/consolidated': () =>
        ok(buildContractInfo({ dailySalaryFlag: true, dailysalreqtype: isAccepted ? 0 : 1 })),
      'GET /wps/agent/contracts/popup': () =>
        ok({ items: isAccepted ? [] : [{ request: 'NEW', contract: pending }] }),
      'POST /wps/relay/MCS2_processDailySalContract': () => {
        isAccepted = true;
        return ok({ contract: { ...pending, status: 'ACTIVE' }, ended: [] });
      },
    });
    // Logged in anywhere on the site, not only in the agent centre.
    renderApp('/', permission);

    // The popup follows the member info, then the contract info, then its own call, behind home's calls.
    const popup = await screen.findByTestId('contract-popup', {}, { timeout: 5000 });
    expect(within(popup).getByRole('heading', { name: 'New Daily salary contract' })).toBeTruthy();
    expect(within(popup).getByText('bossagent offers you this contract.')).toBeTruthy();
    expect(within(popup).getByTestId('contract-tier').textContent).toBe(
      '1.50% with at least 2 active members and valid bet of 1,000.00',
    );
    fireEvent.click(within(popup).getByRole('button', { name: 'Accept' }));

    await waitFor(() => {
      expect(screen.queryByTestId('contract-popup')).toBeNull();
    });
    expect(api.requestsTo('POST /wps/relay/MCS2_processDailySalContract')[0]?.body).toEqual({
      action: 'ACCEPT',
      contractId: '41',
    });
  });

  it('asks before rejecting, and a refused action is explained', async () => {
    const api = logInAgent({
      'GET /wps/agent/contracts/consolidated': ok(buildContractInfo({ dailysalreqtype: 1 })),
      'GET /wps/agent/contracts/popup': ok({ items: [{ request: 'NEW', contract: buildContract() }] }),
      'POST /wps/relay/MCS2_processDailySalContract': fail('CONTRACT_STATE_CHANGED'),
    });
    renderApp('/', permission);

    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }, { timeout: 5000 }));
    const question = await screen.findByTestId('confirm-dialog');
    expect(question.textContent).toContain('Reject the contract offered by bossagent?');
    fireEvent.click(within(question).getByTestId('dialog-confirm'));

    expect(await screen.findByTestId('alert-dialog')).toBeTruthy();
    expect(api.requestsTo('POST /wps/relay/MCS2_processDailySalContract')[0]?.body).toEqual({
      action: 'REJECT',
      contractId: '41',
    });
  });

  it('is not asked for by a plain member', async () => {
    window.sessionStorage.setItem('token', 'member-token');
    const api = mockApi({ 'GET /wps/member/info': ok(buildMemberInfo()) });
    renderApp('/', permission);
    expect(await screen.findByTestId('header-account')).toBeTruthy();
    expect(api.requestsTo('GET /wps/agent/contracts/consolidated')).toHaveLength(0);
    expect(api.requestsTo('GET /wps/agent/contracts/popup')).toHaveLength(0);
  });
});

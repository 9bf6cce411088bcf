import type { ProcessContractRequest } from '@wps/contracts/agent-contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppError } from '../../http/app-error';
import type { MemberRow } from '../members/members.service';
import { type ContractFixture, openContractFixture } from './contracts.test-helpers';

const agent = 1;
const player = 0;

const offerOf = (
  downline: MemberRow,
  rates: number[],
  period?: 'WEEKLY' | 'DAILY',
): ProcessContractRequest => ({
  action: 'OFFER',
  downline: downline.username,
  ...(period ? { period } : {}),
  tiers: rates.map((rate, index) => ({
    minFigure: `${index * 1000}.00`,
    minActiveMembers: 0,
    rateBasisPoints: rate,
  })),
});

const codeOf = async (work: Promise<unknown>): Promise<string> => {
  try {
    await work;
    return 'resolved';
  } catch (error) {
    return (error as AppError).code;
  }
};

describe('agent contract lifecycle', () => {
  let fixture: ContractFixture;
  let top: MemberRow;
  let middle: MemberRow;
  let sibling: MemberRow;
  let bottom: MemberRow;
  let stranger: MemberRow;

  // One database for the file (opening one is the slow part); every test has agents of its own.
  beforeAll(async () => {
    fixture = await openContractFixture('Europe/London');
  });
  afterAll(async () => {
    await fixture.close();
  });
  beforeEach(async () => {
    fixture.clock.now = new Date('2025-06-01T12:00:00Z');
    top = await fixture.createMember(agent, null);
    middle = await fixture.createMember(agent, top);
    sibling = await fixture.createMember(agent, top);
    bottom = await fixture.createMember(agent, middle);
    stranger = await fixture.createMember(agent, null);
  });

  const process = (member: MemberRow, request: ProcessContractRequest, kind = 'DAILY_SALARY' as const) =>
    fixture.instance.contracts.process(member, fixture.brand, kind, request, true);
  const act = (member: MemberRow, action: 'ACCEPT' | 'REJECT' | 'CANCEL' | 'TERMINATE', contractId: string) =>
    process(member, { action, contractId });

  it('offers to a direct downline agent, which sees it in the popup and accepts it from the current period', async () => {
    fixture.clock.now = new Date('2025-06-01T22:30:00Z'); // 23:30 in London (BST)
    const { contract } = await process(top, offerOf(middle, [50, 100]));
    expect(contract).toMatchObject({
      status: 'PENDING',
      kind: 'DAILY_SALARY',
      period: 'DAILY',
      rateBasisPoints: 100,
    });
    expect(contract.tiers[1]).toEqual({ minFigure: '1000.00', minActiveMembers: 0, rateBasisPoints: 100 });

    const popup = await fixture.instance.contracts.popup(middle);
    expect(popup.items.map((item) => [item.request, item.contract.id])).toEqual([['NEW', contract.id]]);
    const info = await fixture.instance.contracts.consolidated(middle, fixture.brand, true);
    expect(info).toMatchObject({ enabled: true, dailysalreqtype: 1, divtypereq: 0, dailySalaryFlag: true });
    expect((await fixture.instance.contracts.popup(top)).items).toEqual([]);

    const accepted = await act(middle, 'ACCEPT', contract.id);
    expect(accepted.contract).toMatchObject({ status: 'ACTIVE', myRole: 'DOWNLINE' });
    // The London day of 1 June began at 23:00Z on 31 May.
    expect(accepted.contract.effectiveFrom).toBe('2025-05-31T23:00:00.000Z');
    expect((await fixture.instance.contracts.popup(middle)).items).toEqual([]);
  });

  it('lets only the direct upline offer and only the downline accept or reject', async () => {
    expect(await codeOf(process(top, offerOf(bottom, [50])))).toBe('NOT_IN_YOUR_LINE'); // two levels down
    expect(await codeOf(process(top, offerOf(stranger, [50])))).toBe('NOT_IN_YOUR_LINE');
    expect(await codeOf(process(top, offerOf(top, [50])))).toBe('NOT_IN_YOUR_LINE');
    const playerBelow = await fixture.createMember(player, top);
    expect(await codeOf(process(top, offerOf(playerBelow, [50])))).toBe('NOT_IN_YOUR_LINE');
    expect(await codeOf(process(playerBelow, offerOf(middle, [50])))).toBe('NOT_AN_AGENT');
    expect(await codeOf(process(middle, offerOf(top, [50])))).toBe('NOT_IN_YOUR_LINE'); // upwards

    const { contract } = await process(top, offerOf(middle, [50]));
    expect(await codeOf(act(top, 'ACCEPT', contract.id))).toBe('CONTRACT_STATE_CHANGED');
    expect(await codeOf(act(sibling, 'ACCEPT', contract.id))).toBe('CONTRACT_NOT_FOUND');
    expect(await codeOf(act(stranger, 'REJECT', contract.id))).toBe('CONTRACT_NOT_FOUND');
    expect(await codeOf(act(middle, 'CANCEL', contract.id))).toBe('CONTRACT_STATE_CHANGED');
    // The kind comes from the endpoint: a daily salary is not reachable through the dividend endpoint.
    expect(
      await codeOf(
        process(middle, { action: 'ACCEPT', contractId: contract.id }, 'DIVIDEND' as 'DAILY_SALARY'),
      ),
    ).toBe('CONTRACT_NOT_FOUND');
    expect(
      await codeOf(
        fixture.instance.contracts.process(top, fixture.brand, 'DAILY_SALARY', offerOf(middle, [50]), false),
      ),
    ).toBe('FEATURE_DISABLED');
  });

  it('rejects, cancels, and replaces a pending offer with a newer one', async () => {
    const first = await process(top, offerOf(middle, [50]));
    const rejected = await act(middle, 'REJECT', first.contract.id);
    expect(rejected.contract.status).toBe('REJECTED');
    expect(await codeOf(act(middle, 'ACCEPT', first.contract.id))).toBe('CONTRACT_STATE_CHANGED');

    const second = await process(top, offerOf(middle, [60]));
    const third = await process(top, offerOf(middle, [70]));
    expect(third.ended.map((ended) => [ended.id, ended.status])).toEqual([[second.contract.id, 'CANCELLED']]);
    expect((await act(top, 'CANCEL', third.contract.id)).contract.status).toBe('CANCELLED');
    expect(await codeOf(act(middle, 'ACCEPT', third.contract.id))).toBe('CONTRACT_STATE_CHANGED');
  });

  it('terminates by request and confirmation of the other side; a refused request keeps it active', async () => {
    const { contract } = await process(top, offerOf(middle, [50]));
    await act(middle, 'ACCEPT', contract.id);

    const asked = await act(top, 'TERMINATE', contract.id);
    expect(asked.contract).toMatchObject({ status: 'ACTIVE', terminationRequestedBy: 'UPLINE' });
    expect((await fixture.instance.contracts.popup(middle)).items.map((item) => item.request)).toEqual([
      'TERMINATION',
    ]);
    expect((await fixture.instance.contracts.consolidated(middle, fixture.brand, true)).dailysalreqtype).toBe(
      2,
    );
    // The side that asked cannot confirm its own request.
    expect(await codeOf(act(top, 'ACCEPT', contract.id))).toBe('CONTRACT_STATE_CHANGED');
    const refused = await act(middle, 'REJECT', contract.id);
    expect(refused.contract).toMatchObject({ status: 'ACTIVE', terminationRequestedBy: null });

    await act(middle, 'TERMINATE', contract.id);
    const confirmed = await act(top, 'TERMINATE', contract.id);
    expect(confirmed.contract).toMatchObject({ status: 'TERMINATED', terminationReason: 'BY_AGREEMENT' });
    expect(await codeOf(act(middle, 'TERMINATE', contract.id))).toBe('CONTRACT_STATE_CHANGED');
  });

  it('terminates higher-rate downline contracts when a new contract is accepted (spec section 4)', async () => {
    // The middle agent pays its own downlines 0.80 % and 0.40 %, and has offered 0.90 % to a third.
    const third = await fixture.createMember(agent, middle);
    const high = await process(middle, offerOf(bottom, [80]));
    await act(bottom, 'ACCEPT', high.contract.id);
    const fourth = await fixture.createMember(agent, middle);
    const low = await process(middle, offerOf(fourth, [40]));
    await act(fourth, 'ACCEPT', low.contract.id);
    const pendingHigh = await process(middle, offerOf(third, [90]));
    // A dividend of the middle agent is another kind: untouched.
    const dividend = await process(middle, offerOf(third, [5000], 'WEEKLY'), 'DIVIDEND' as 'DAILY_SALARY');

    // Its upline now gives it 0.50 %, replacing an earlier 1.00 % contract.
    const earlier = await process(top, offerOf(middle, [100]));
    await act(middle, 'ACCEPT', earlier.contract.id);
    const offer = await process(top, offerOf(middle, [50]));
    const accepted = await act(middle, 'ACCEPT', offer.contract.id);

    const ended = new Map(accepted.ended.map((contract) => [contract.id, contract]));
    expect(ended.get(earlier.contract.id)).toMatchObject({
      status: 'TERMINATED',
      terminationReason: 'REPLACED',
    });
    expect(ended.get(high.contract.id)).toMatchObject({
      status: 'TERMINATED',
      terminationReason: 'HIGHER_RATE',
    });
    expect(ended.get(pendingHigh.contract.id)).toMatchObject({ status: 'CANCELLED' });
    expect(ended.has(low.contract.id)).toBe(false);
    expect(ended.has(dividend.contract.id)).toBe(false);
    const stillActive = await fixture.instance.contracts.list(middle, {
      role: 'UPLINE',
      status: 'ACTIVE',
      pageNo: 1,
      pageSize: 20,
    });
    expect(stillActive.list.map((contract) => contract.id)).toEqual([low.contract.id]);

    // And it may not offer more than it now receives.
    expect(await codeOf(process(middle, offerOf(bottom, [60])))).toBe('CONTRACT_RATE_TOO_HIGH');
    expect((await process(middle, offerOf(bottom, [50]))).contract.status).toBe('PENDING');
  });

  it('lists contracts by role and shows the pages an agent may use', async () => {
    const { contract } = await process(top, offerOf(middle, [50]));
    await act(middle, 'ACCEPT', contract.id);
    const asDownline = await fixture.instance.contracts.list(middle, {
      role: 'DOWNLINE',
      pageNo: 1,
      pageSize: 20,
    });
    expect(asDownline.list.map((item) => [item.id, item.myRole])).toEqual([[contract.id, 'DOWNLINE']]);
    const asUpline = await fixture.instance.contracts.list(top, { role: 'UPLINE', pageNo: 1, pageSize: 20 });
    expect(asUpline.totalCount).toBe(1);
    expect(await fixture.instance.contracts.list(stranger, { pageNo: 1, pageSize: 20 })).toMatchObject({
      totalCount: 0,
    });

    // The bottom agent has no contract and no downline agents: no contract pages.
    const bottomInfo = await fixture.instance.contracts.consolidated(bottom, fixture.brand, true);
    expect(bottomInfo).toMatchObject({ dailySalaryFlag: false, dividendFlag: false, salaryFlag: false });
    const middleInfo = await fixture.instance.contracts.consolidated(middle, fixture.brand, true);
    expect(middleInfo).toMatchObject({ dailySalaryFlag: true, dividendFlag: true }); // it has a downline agent
    expect(await fixture.instance.contracts.consolidated(middle, fixture.brand, false)).toMatchObject({
      enabled: false,
      dailySalaryFlag: false,
    });
    const overview = await fixture.instance.contracts.overview(middle, fixture.brand, 'DAILY_SALARY', true);
    expect(overview.asDownline.map((item) => item.id)).toEqual([contract.id]);
    expect(overview.offerableDownlines.map((party) => party.account)).toEqual([bottom.username]);
    expect(overview.maxOfferRateBasisPoints).toBe(50);
  });
});

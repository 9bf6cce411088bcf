import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../audit/audit-chain';
import { listAuditEvents, listAuditEventsPage } from '../audit/audit.service';
import type { MemberRow } from '../members/members.service';
import { createAgentService } from './agents.service';
import { type ContractFixture, openContractFixture, usd } from './contracts.test-helpers';

const agent = 1;
const player = 0;
const origin = { ip: '198.51.100.23', userAgent: 'AgentApp/2.0' };
const tiers = [{ minFigure: '0.00', minActiveMembers: 0, rateBasisPoints: 100 }];

/** The audit rows of one contract, oldest first, as action and actor. */
const contractTrail = async (fixture: ContractFixture, contractId: string) =>
  (await listAuditEvents(fixture.database.db, 'agent_contract', contractId)).reverse();

describe('agent and settlement actions in the audit trail', () => {
  let fixture: ContractFixture;
  let top: MemberRow;
  let middle: MemberRow;

  beforeAll(async () => {
    fixture = await openContractFixture('Europe/London');
  });
  afterAll(async () => {
    expect((await verifyAuditChain(fixture.database.db)).isIntact).toBe(true);
    await fixture.close();
  });

  const process = (
    member: MemberRow,
    request: Parameters<ContractFixture['instance']['contracts']['process']>[3],
  ) => fixture.instance.contracts.process(member, fixture.brand, 'DAILY_SALARY', request, true, origin);

  it('records each contract action as the agent’s, from where, with the contract before and after', async () => {
    fixture.clock.now = new Date('2025-06-01T12:00:00Z');
    top = await fixture.createMember(agent, null);
    middle = await fixture.createMember(agent, top);
    const first = await process(top, { action: 'OFFER', downline: middle.username, tiers });
    const second = await process(top, { action: 'OFFER', downline: middle.username, tiers });
    await process(middle, { action: 'ACCEPT', contractId: second.contract.id });
    await process(middle, { action: 'TERMINATE', contractId: second.contract.id });
    // Asking again changes nothing and records nothing.
    await process(middle, { action: 'TERMINATE', contractId: second.contract.id });
    await process(top, { action: 'REJECT', contractId: second.contract.id });

    const offered = await contractTrail(fixture, first.contract.id);
    expect(offered).toHaveLength(1);
    expect(offered[0]).toMatchObject({
      actorType: 'agent',
      actorId: top.id.toString(),
      actorIp: origin.ip,
      userAgent: origin.userAgent,
      action: 'agents.contract.offer',
      after: { status: 'pending', downlineId: middle.id.toString(), rateBasisPoints: 100, ended: [] },
    });

    const trail = await contractTrail(fixture, second.contract.id);
    expect(trail.map((row) => [row.action, row.actorId])).toEqual([
      ['agents.contract.offer', top.id.toString()],
      ['agents.contract.accept', middle.id.toString()],
      ['agents.contract.terminate', middle.id.toString()],
      ['agents.contract.reject', top.id.toString()],
    ]);
    // The newer offer ended the first one on the way.
    expect(trail[0]?.after).toMatchObject({ ended: [{ id: first.contract.id, status: 'cancelled' }] });
    expect(trail[1]).toMatchObject({ before: { status: 'pending' }, after: { status: 'active' } });
    expect(trail[2]).toMatchObject({
      before: { terminationRequestedBy: null },
      after: { status: 'active', terminationRequestedBy: 'downline' },
    });
    expect(trail[3]).toMatchObject({ after: { status: 'active', terminationRequestedBy: null } });
  });

  it('records a platform-paid offer as the staff member’s', async () => {
    const upline = await fixture.createMember(agent, null);
    const downline = await fixture.createMember(agent, upline);
    const { contract } = await fixture.instance.contracts.offerPaidByPlatform(
      upline.username,
      fixture.brand,
      'DAILY_SALARY',
      { action: 'OFFER', downline: downline.username, tiers },
      '5',
      { ip: '192.0.2.5', userAgent: 'Console' },
    );
    expect(await contractTrail(fixture, contract.id)).toMatchObject([
      {
        actorType: 'staff',
        actorId: '5',
        actorIp: '192.0.2.5',
        action: 'agents.contract.offer',
        after: { payer: 'platform', uplineId: upline.id.toString() },
      },
    ]);
  });

  it('records settlement batches and paid retries as the platform’s, and a staff run as the staff member’s', async () => {
    const upline = await fixture.createMember(agent, null);
    const downline = await fixture.createMember(agent, upline);
    const bettor = await fixture.createMember(player, downline);
    fixture.clock.now = new Date('2025-07-01T12:00:00Z');
    const offer = await process(upline, { action: 'OFFER', downline: downline.username, tiers });
    await process(downline, { action: 'ACCEPT', contractId: offer.contract.id });
    await fixture.addFigures(bettor, '2025-07-01T10:00:00Z', usd(1000));

    // The upline has no money: the period is recorded UNPAID, then paid by a retry once it has.
    fixture.clock.now = new Date('2025-07-02T00:00:00Z');
    const staff = { type: 'staff' as const, id: '9', ip: '192.0.2.9' };
    await fixture.instance.settlement.runAll(undefined, staff);
    await fixture.fund(upline, usd(50));
    await fixture.instance.settlement.retryUnpaid();

    const { rows } = await listAuditEventsPage(
      fixture.database.db,
      { action: 'agents.settlement' },
      { pageNo: 1, pageSize: 50 },
    );
    const isOfThisContract = (after: unknown): boolean => {
      const { payments, contractId } = after as {
        payments?: Array<{ contractId: string }>;
        contractId?: string;
      };
      return (
        contractId === offer.contract.id ||
        (payments ?? []).some((each) => each.contractId === offer.contract.id)
      );
    };
    const mine = rows
      .reverse()
      .filter((row) => row.action === 'agents.settlement.run' || isOfThisContract(row.after));
    expect(mine.map((row) => [row.action, row.actorType, row.actorId])).toEqual([
      ['agents.settlement.batch', 'system', 'agent-settlement'],
      ['agents.settlement.run', 'staff', '9'],
      ['agents.settlement.retry_paid', 'system', 'agent-settlement'],
    ]);
    expect((mine[0]?.after as { payments: unknown[] }).payments).toContainEqual(
      expect.objectContaining({
        contractId: offer.contract.id,
        amount: '1000',
        status: 'unpaid',
        ledgerTransactionId: null,
      }),
    );
    expect(mine[1]).toMatchObject({ actorIp: '192.0.2.9', after: { unpaid: 1, asOf: null } });
    expect(mine[2]).toMatchObject({
      entityType: 'agent_contract_payment',
      before: { status: 'unpaid' },
      after: { status: 'paid', contractId: offer.contract.id, amount: '1000' },
    });
  });

  it('records an agent’s new affiliate link as the agent’s', async () => {
    const agents = createAgentService({
      db: fixture.database.db,
      members: fixture.instance.members,
      ledger: fixture.instance.ledger,
    });
    const owner = await fixture.createMember(agent, null);
    const link = await agents.createAffiliateLink(owner, 'https://site.example', { note: 'Spring' }, origin);
    expect(await listAuditEvents(fixture.database.db, 'agent_affiliate_link', link.code)).toMatchObject([
      {
        actorType: 'agent',
        actorId: owner.id.toString(),
        actorIp: origin.ip,
        action: 'agents.affiliate_link.create',
        after: { isAgentLink: false, note: 'Spring' },
      },
    ]);
  });
});

import { desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRow } from '../members/members.service';
import { agentContractPayments, agentSettlementRuns } from './contracts.tables';
import { type ContractFixture, openContractFixture, usd } from './contracts.test-helpers';
import { createSettlementService } from './settlement.service';

const agent = 1;
const player = 0;
const tiers = [{ minFigure: '0.00', minActiveMembers: 0, rateBasisPoints: 100 }];

/** Settlement runs are kept (issue 25 item 6): who started each, up to when, and which pay records it wrote. */
describe('settlement runs', () => {
  let fixture: ContractFixture;

  beforeAll(async () => {
    fixture = await openContractFixture('Europe/London');
  }, 180_000);
  afterAll(() => fixture.close());

  /** An accepted daily salary from a new upline to a new downline agent whose player bet 1000 on 2 June. */
  const openDailySalary = async (funded: boolean): Promise<{ contractId: bigint; upline: MemberRow }> => {
    fixture.clock.now = new Date('2025-06-02T12:00:00Z');
    const upline = await fixture.createMember(agent, null);
    const downline = await fixture.createMember(agent, upline);
    const bettor = await fixture.createMember(player, downline);
    const process = (
      member: MemberRow,
      request: Parameters<ContractFixture['instance']['contracts']['process']>[3],
    ) => fixture.instance.contracts.process(member, fixture.brand, 'DAILY_SALARY', request, true);
    const offer = await process(upline, { action: 'OFFER', downline: downline.username, tiers });
    await process(downline, { action: 'ACCEPT', contractId: offer.contract.id });
    await fixture.addFigures(bettor, '2025-06-02T10:00:00Z', usd(1000));
    if (funded) await fixture.fund(upline, usd(50));
    return { contractId: BigInt(offer.contract.id), upline };
  };

  const runsAfter = (id: bigint) =>
    fixture.database.db
      .select()
      .from(agentSettlementRuns)
      .where(gt(agentSettlementRuns.id, id))
      .orderBy(agentSettlementRuns.id);
  const lastRunId = async () => {
    const [last] = await fixture.database.db
      .select({ id: agentSettlementRuns.id })
      .from(agentSettlementRuns)
      .orderBy(desc(agentSettlementRuns.id))
      .limit(1);
    return last?.id ?? 0n;
  };
  const paymentsOf = (contractId: bigint) =>
    fixture.database.db
      .select()
      .from(agentContractPayments)
      .where(eq(agentContractPayments.contractId, contractId));

  it('keeps a scheduled run that paid something as the job’s, and drops one that found nothing to do', async () => {
    const { contractId } = await openDailySalary(true);
    const before = await lastRunId();
    fixture.clock.now = new Date('2025-06-03T00:30:00Z');
    const { settlement } = fixture.instance;

    expect(await settlement.runScheduled('agent-contract-settlement', 'periods')).toMatchObject({ paid: 1 });
    expect(await settlement.runScheduled('agent-realtime-salary', 'realtime')).toMatchObject({
      settledPeriods: 0,
    });
    expect(await settlement.runScheduled('agent-contract-settlement', 'periods')).toMatchObject({
      settledPeriods: 0,
      retriedPaid: 0,
    });

    const runs = await runsAfter(before);
    expect(runs).toMatchObject([
      {
        trigger: 'schedule',
        startedBy: 'agent-contract-settlement',
        staffId: null,
        status: 'finished',
        asOf: new Date('2025-06-03T00:30:00Z'),
      },
    ]);
    expect(runs[0]?.finishedAt).not.toBeNull();
    expect(await paymentsOf(contractId)).toMatchObject([
      { status: 'paid', settlementRunId: runs[0]?.id, paidRunId: runs[0]?.id },
    ]);
  });

  it('keeps every staff run, idle ones too, and names the run that paid a retried record', async () => {
    const { contractId, upline } = await openDailySalary(false);
    const before = await lastRunId();
    fixture.clock.now = new Date('2025-06-03T00:30:00Z');
    const { settlement } = fixture.instance;
    const staff = { type: 'staff' as const, id: '9', username: 'finance-lead' };
    const asOf = new Date('2025-06-03T00:45:00Z');

    expect(await settlement.runAll(asOf, staff)).toMatchObject({ unpaid: 1 });
    await fixture.fund(upline, usd(50));
    expect(await settlement.runAll(asOf, staff)).toMatchObject({ settledPeriods: 0, retriedPaid: 1 });
    expect(await settlement.runAll(asOf, { type: 'staff', id: '10' })).toMatchObject({
      settledPeriods: 0,
      retriedPaid: 0,
    });

    const runs = await runsAfter(before);
    expect(runs.map((run) => [run.trigger, run.startedBy, run.staffId, run.status, run.asOf])).toEqual([
      ['staff', 'finance-lead', '9', 'finished', asOf],
      ['staff', 'finance-lead', '9', 'finished', asOf],
      ['staff', 'staff #10', '10', 'finished', asOf],
    ]);
    expect(await paymentsOf(contractId)).toMatchObject([
      { status: 'paid', settlementRunId: runs[0]?.id, paidRunId: runs[1]?.id },
    ]);
  });

  it('marks a run that failed', async () => {
    const before = await lastRunId();
    const { db } = fixture.database;
    const failing = createSettlementService({
      db,
      ledger: fixture.instance.ledger,
      wallet: fixture.instance.wallet,
      realtimeSlotMs: 300_000,
      log: { error: () => undefined },
      foldFigures: () => Promise.reject(new Error('the fold failed')),
    });
    await expect(failing.runScheduled('agent-contract-settlement', 'periods')).rejects.toThrow(
      'the fold failed',
    );
    const runs = await runsAfter(before);
    expect(runs).toMatchObject([{ trigger: 'schedule', status: 'failed' }]);
    expect(runs[0]?.finishedAt).not.toBeNull();
  });
});

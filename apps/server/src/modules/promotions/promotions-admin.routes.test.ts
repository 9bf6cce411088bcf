import { randomUUID } from 'node:crypto';
import { promotionListResponseSchema, promotionResponseSchema } from '@wps/contracts/promotions';
import { memberBonusesResponseSchema } from '@wps/contracts/promotions-admin';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createTestApp, operatorHeaders, type TestApp } from '../../testing/test-app';
import { auditEvents } from '../audit/audit.tables';
import { demoPlayer } from '../members/members.seed';
import { members } from '../members/members.tables';

type Headers = Record<string, string>;

const wagering = {
  multiplier: 10,
  base: 'bonus',
  contributions: { RNG: 100, LIVE: 10 },
  maxStake: '0',
  expiresInDays: 7,
} as const;

const depositMatch = {
  kind: 'deposit_match',
  depositKind: 'first',
  percent: 100,
  cap: '500',
  minDeposit: '10',
  channelCodes: [],
  wagering,
} as const;

const bodyOf = (config: object, overrides: object = {}) => ({
  category: 'deposit',
  status: 'draft',
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: '2030-01-01T00:00:00.000Z',
  content: {
    en: {
      title: 'First deposit 100%',
      summary: 'Double your first deposit',
      terms: '<p>Fair <b>terms</b></p><script>alert(1)</script><img src="x" onerror="alert(1)">',
    },
    ur: { title: 'پہلا ڈپازٹ', summary: '', terms: '<p>شرائط</p>' },
  },
  imageUploadId: null,
  claimLimit: 1,
  sortOrder: 0,
  turnoverPercent: 100,
  eligibility: { vipLevels: [], excludedCountries: [], excludeAgents: false },
  config,
  ...overrides,
});

describe('operator promotions', () => {
  let subject: TestApp;
  let operator: Headers;
  let finance: Headers;
  let support: Headers;

  beforeAll(async () => {
    subject = await createTestApp();
    operator = await operatorHeaders(subject.app);
    finance = await createStaff(subject.app, { username: 'promo-finance', role: 'finance' });
    support = await createStaff(subject.app, { username: 'promo-support', role: 'support' });
  });
  afterAll(() => subject.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Headers = operator) =>
    subject.app.inject({
      method,
      url: `/wps/backoffice/promotions${url}`,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
  const create = async (config: object, overrides: object = {}) => {
    const response = await call('POST', '', bodyOf(config, overrides));
    expect(response.statusCode, response.body).toBe(200);
    return promotionResponseSchema.parse(response.json()).value;
  };
  const auditOf = (entityType: string, entityId: string) =>
    subject.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, entityType), eq(auditEvents.entityId, entityId)))
      .orderBy(auditEvents.id);
  const expectRefused = async (
    response: Awaited<ReturnType<typeof call>>,
    status: number,
    code: string,
    field?: string,
  ) => {
    expect(response.statusCode, response.body).toBe(status);
    const answer = response.json<{ code: string; value?: { issues?: { field: string }[] } }>();
    expect(answer.code).toBe(code);
    if (field !== undefined) expect(answer.value?.issues?.map((issue) => issue.field)).toContain(field);
  };

  describe('promotions', () => {
    it('creates a promotion with its terms sanitised, lists and reads it, and audits the creation', async () => {
      const created = await create(depositMatch);
      expect(created).toMatchObject({ kind: 'deposit_match', status: 'draft', config: depositMatch });
      expect(created.content.en.terms).toMatch(/^<p>Fair <b>terms<\/b><\/p><img src="x" ?\/?>$/);
      expect(created.content.en.terms).not.toMatch(/script|onerror/);
      expect(created.content.ur?.title).toBe('پہلا ڈپازٹ');

      const list = promotionListResponseSchema.parse((await call('GET', '?kind=deposit_match')).json()).value
        .list;
      expect(list.map((promotion) => promotion.id)).toContain(created.id);
      expect(list.every((promotion) => promotion.kind === 'deposit_match')).toBe(true);
      const read = promotionResponseSchema.parse(
        (await call('GET', `/${created.id}`, undefined, support)).json(),
      );
      expect(read.value).toEqual(created);

      const [event] = await auditOf('promotion', created.id);
      expect(event).toMatchObject({ action: 'promotion.create', actorType: 'staff', before: null });
      expect(event?.after).toMatchObject({ id: created.id, kind: 'deposit_match' });
    });

    it('refuses amounts not exact in the brand currency, dates out of order and broken kind rules', async () => {
      await expectRefused(
        await call('POST', '', bodyOf({ ...depositMatch, cap: '500.001' })),
        400,
        'VALIDATION_FAILED',
        'config.cap',
      );
      await expectRefused(
        await call('POST', '', bodyOf({ ...depositMatch, wagering: { ...wagering, maxStake: '1.999' } })),
        400,
        'VALIDATION_FAILED',
        'config.wagering.maxStake',
      );
      await expectRefused(
        await call('POST', '', bodyOf(depositMatch, { endsAt: '2025-12-31T00:00:00.000Z' })),
        400,
        'VALIDATION_FAILED',
        'endsAt',
      );
      const raffle = {
        kind: 'raffle',
        depositPerTicket: '100',
        validBetPerTicket: '1000',
        drawAt: '2029-12-31T00:00:00.000Z',
        prizes: ['500', '200', '100'],
      };
      await expectRefused(await call('POST', '', bodyOf(raffle)), 400, 'VALIDATION_FAILED', 'config.drawAt');
      await create({ ...raffle, drawAt: '2030-01-08T00:00:00.000Z' }, { category: 'event' });
      const envelope = { kind: 'red_envelope', pool: '199.99', packets: 200, minPacket: '1' };
      await expectRefused(await call('POST', '', bodyOf(envelope)), 400, 'VALIDATION_FAILED', 'config.pool');
      await create({ ...envelope, pool: '200' }, { category: 'event' });
      // The contract's own rules: an unknown kind, a negative percent.
      await expectRefused(await call('POST', '', bodyOf({ kind: 'lottery' })), 400, 'VALIDATION_FAILED');
      await expectRefused(
        await call('POST', '', bodyOf({ ...depositMatch, percent: -5 })),
        400,
        'VALIDATION_FAILED',
      );
      await expectRefused(
        await call('POST', '', bodyOf(depositMatch, { status: 'ended' })),
        400,
        'VALIDATION_FAILED',
        'status',
      );
    });

    it('lets every staff member read but only admins change promotions', async () => {
      expect((await call('GET', '', undefined, support)).statusCode).toBe(200);
      expect((await call('GET', '', undefined, finance)).statusCode).toBe(200);
      expect((await call('GET', '', undefined, { 'x-merchant-code': 'DEMO' })).statusCode).toBe(401);
      await expectRefused(await call('POST', '', bodyOf(depositMatch), support), 403, 'FORBIDDEN');
      await expectRefused(await call('POST', '', bodyOf(depositMatch), finance), 403, 'FORBIDDEN');
      const created = await create(depositMatch);
      await expectRefused(
        await call('PUT', `/${created.id}`, bodyOf(depositMatch), support),
        403,
        'FORBIDDEN',
      );
      await expectRefused(
        await call('POST', `/${created.id}/status`, { action: 'publish' }, finance),
        403,
        'FORBIDDEN',
      );
    });

    it('edits a promotion, never its kind, and audits the row before and after', async () => {
      const created = await create(depositMatch);
      const response = await call(
        'PUT',
        `/${created.id}`,
        bodyOf({ ...depositMatch, percent: 50 }, { content: { en: { title: 'Half match', terms: '' } } }),
      );
      expect(response.statusCode, response.body).toBe(200);
      const edited = promotionResponseSchema.parse(response.json()).value;
      expect(edited).toMatchObject({
        id: created.id,
        config: { percent: 50 },
        content: { en: { title: 'Half match' } },
      });
      expect(edited.content.ur).toBeUndefined();

      await expectRefused(
        await call('PUT', `/${created.id}`, bodyOf({ kind: 'signup', amount: '5', wagering })),
        400,
        'VALIDATION_FAILED',
        'config.kind',
      );
      await expectRefused(await call('PUT', '/999999', bodyOf(depositMatch)), 404, 'NOT_FOUND');
      const events = await auditOf('promotion', created.id);
      expect(events.map((event) => event.action)).toEqual(['promotion.create', 'promotion.update']);
      expect(events[1]?.before).toMatchObject({ config: { percent: 100 } });
      expect(events[1]?.after).toMatchObject({ config: { percent: 50 } });
    });

    it("keeps an opened red envelope's settings while its words may change", async () => {
      const envelope = { kind: 'red_envelope', pool: '300', packets: 100, minPacket: '1' };
      const draft = await create(envelope, { category: 'event' });
      // A draft may still change.
      const edit = (config: object, overrides: object = {}) =>
        call('PUT', `/${draft.id}`, bodyOf(config, { category: 'event', ...overrides }));
      expect((await edit({ ...envelope, pool: '400' })).statusCode).toBe(200);
      expect((await call('POST', `/${draft.id}/status`, { action: 'publish' })).statusCode).toBe(200);
      await expectRefused(
        await edit({ ...envelope, pool: '500' }, { status: 'live' }),
        400,
        'VALIDATION_FAILED',
        'config',
      );
      const renamed = await edit(
        { ...envelope, pool: '400' },
        { status: 'live', content: { en: { title: 'Envelopes' } } },
      );
      expect(renamed.statusCode, renamed.body).toBe(200);
    });

    it('publishes, pauses, resumes and ends a promotion; an ended one never changes again', async () => {
      const created = await create(depositMatch, { startsAt: '2031-01-01T00:00:00.000Z', endsAt: null });
      const act = async (action: string) => call('POST', `/${created.id}/status`, { action });
      const statusAfter = async (action: string) => {
        const response = await act(action);
        expect(response.statusCode, response.body).toBe(200);
        return promotionResponseSchema.parse(response.json()).value.status;
      };
      await expectRefused(await act('resume'), 409, 'ALREADY_PROCESSED');
      // Published with a start ahead: scheduled (live, shown as coming soon until then).
      expect(await statusAfter('publish')).toBe('live');
      expect(await statusAfter('pause')).toBe('paused');
      expect(await statusAfter('resume')).toBe('live');
      expect(await statusAfter('end')).toBe('ended');
      await expectRefused(await act('resume'), 409, 'ALREADY_PROCESSED');
      await expectRefused(
        await call('PUT', `/${created.id}`, bodyOf(depositMatch, { status: 'ended' })),
        409,
        'ALREADY_PROCESSED',
      );
      await expectRefused(await act('bogus'), 400, 'VALIDATION_FAILED');
      const events = await auditOf('promotion', created.id);
      expect(events.map((event) => event.action)).toEqual([
        'promotion.create',
        'promotion.publish',
        'promotion.pause',
        'promotion.resume',
        'promotion.end',
      ]);
      expect(events[4]).toMatchObject({ before: { status: 'live' }, after: { status: 'ended' } });
    });
  });

  describe('member bonuses', () => {
    const bonusesUrl = `/members/${demoPlayer.username}/bonuses`;
    const balances = async () => {
      const { ledger } = subject.app.wallet;
      const [member] = await subject.database.db
        .select()
        .from(members)
        .where(eq(members.username, demoPlayer.username));
      if (!member) throw new Error('no demo player');
      const owner = { brandId: member.brandId, memberId: member.id, currency: 'USD' };
      const house = await ledger.ensureSystemAccount(member.brandId, 'promotion', 'USD');
      return {
        bonus: await subject.app.promotions.bonuses.balance(owner),
        house: await ledger.getBalance(house.id),
      };
    };

    it('grants a bonus once per request, refuses a second while one is active, and forfeits it', async () => {
      const granted = await create(
        { kind: 'granted', wagering: { ...wagering, multiplier: 5 } },
        { status: 'live', category: 'other', content: { en: { title: 'Goodwill bonus' } } },
      );
      const before = await balances();
      const requestId = randomUUID();
      const grant = (headers: Headers, overrides: object = {}) =>
        call(
          'POST',
          bonusesUrl,
          { promotionId: granted.id, amount: '50', reason: 'Apology for downtime', requestId, ...overrides },
          headers,
        );
      const first = await grant(finance);
      expect(first.statusCode, first.body).toBe(200);
      const answer = memberBonusesResponseSchema.parse(first.json()).value;
      expect(answer.active).toMatchObject({
        title: 'Goodwill bonus',
        amount: '50.00',
        balance: '50.00',
        wageringRequired: '250.00',
        status: 'active',
      });
      expect(answer.active?.contributions).toMatchObject({ RNG: 100, LIVE: 10, FISH: 100 });
      expect(await balances()).toEqual({ bonus: before.bonus + 5000n, house: before.house - 5000n });

      // A retry of the same submission answers the first grant and moves nothing.
      expect((await grant(operator)).statusCode).toBe(200);
      expect(await balances()).toEqual({ bonus: before.bonus + 5000n, house: before.house - 5000n });
      await expectRefused(await grant(operator, { amount: '60' }), 409, 'IDEMPOTENCY_CONFLICT');
      await expectRefused(await grant(operator, { requestId: randomUUID() }), 409, 'BONUS_ALREADY_ACTIVE');
      await expectRefused(await grant(support, { requestId: randomUUID() }), 403, 'FORBIDDEN');
      const bonusId = answer.active?.id ?? '';
      expect((await auditOf('member_bonus', bonusId)).map((event) => event.action)).toEqual(['bonus.grant']);

      const read = await call('GET', bonusesUrl, undefined, support);
      expect(memberBonusesResponseSchema.parse(read.json()).value.active?.id).toBe(bonusId);

      const forfeit = await call('POST', `${bonusesUrl}/forfeit`, { reason: 'Abuse' }, finance);
      expect(forfeit.statusCode, forfeit.body).toBe(200);
      const after = memberBonusesResponseSchema.parse(forfeit.json()).value;
      expect(after.active).toBeNull();
      expect(after.history[0]).toMatchObject({ id: bonusId, status: 'forfeited', settledAmount: '50.00' });
      expect(await balances()).toEqual(before);
      const events = await auditOf('member_bonus', bonusId);
      expect(events.map((event) => event.action)).toEqual(['bonus.grant', 'bonus.forfeit']);
      expect(events[1]?.after).toMatchObject({ reason: 'Abuse', status: 'forfeited', returned: '5000' });
      await expectRefused(await call('POST', `${bonusesUrl}/forfeit`, { reason: 'Again' }), 404, 'NOT_FOUND');
    });

    it('grants only under a granted-bonus promotion, in exact amounts, to a member of the brand', async () => {
      const match = await create(depositMatch, { status: 'live' });
      const grant = (overrides: object) =>
        call('POST', bonusesUrl, {
          promotionId: match.id,
          amount: '10',
          reason: 'test',
          requestId: randomUUID(),
          ...overrides,
        });
      await expectRefused(await grant({}), 400, 'VALIDATION_FAILED', 'promotionId');
      const granted = await create({ kind: 'granted', wagering }, { status: 'live' });
      await expectRefused(
        await grant({ promotionId: granted.id, amount: '1.234' }),
        400,
        'VALIDATION_FAILED',
        'amount',
      );
      await expectRefused(
        await grant({ promotionId: granted.id, amount: '0' }),
        400,
        'VALIDATION_FAILED',
        'amount',
      );
      await expectRefused(
        await call('POST', '/members/nobody-here/bonuses', {
          promotionId: granted.id,
          amount: '10',
          reason: 'test',
          requestId: randomUUID(),
        }),
        404,
        'NOT_FOUND',
      );
      await call('POST', `/${granted.id}/status`, { action: 'end' });
      await expectRefused(await grant({ promotionId: granted.id }), 409, 'PROMOTION_NOT_AVAILABLE');
    });
  });
});

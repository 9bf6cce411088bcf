import { randomUUID } from 'node:crypto';
import type { SitePromotion } from '@wps/contracts/promotions';
import type { ClaimReview, PromotionClaim } from '@wps/contracts/promotions-site';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStaff,
  createTestApp,
  loginAsMember,
  operatorHeaders,
  type TestApp,
} from '../../testing/test-app';
import { auditEvents } from '../audit/audit.tables';
import { demoPlayer } from '../members/members.seed';
import { members } from '../members/members.tables';
import { payoutAccounts } from '../payments/payments.tables';
import { brands } from '../site/site.tables';
import { memberBonuses, promotions } from './promotions.tables';

type Envelope<T> = { success: boolean; code?: string; value: T };
type Headers = Record<string, string>;
type Member = { id: bigint; authorization: string };

const hasPostgres = Boolean(process.env.DATABASE_URL);
const day = 86_400_000;

const wagering = {
  multiplier: 10,
  base: 'bonus',
  contributions: { LIVE: 0 },
  maxStake: '0',
  expiresInDays: 7,
} as const;

const signupConfig = { kind: 'signup', amount: '25', wagering } as const;

describe('the promotions page and the sign-up claim', () => {
  let subject: TestApp;
  let brandId: bigint;
  let currency: string;
  let operator: Headers;
  let support: Headers;

  beforeAll(async () => {
    subject = await createTestApp();
    const { db } = subject.database;
    const [player] = await db.select().from(members).where(eq(members.username, demoPlayer.username));
    if (!player) throw new Error('no demo player');
    brandId = player.brandId;
    const [brand] = await db.select().from(brands).where(eq(brands.id, brandId));
    if (!brand) throw new Error('no brand');
    currency = brand.currency;
    operator = await operatorHeaders(subject.app);
    support = await createStaff(subject.app, { username: 'review-support', role: 'support' });
  });
  afterAll(() => subject.close());

  /** A promotion of the demo brand, live since yesterday unless told otherwise. */
  const createPromotion = async (values: Partial<typeof promotions.$inferInsert> = {}) => {
    const [row] = await subject.database.db
      .insert(promotions)
      .values({
        brandId,
        kind: 'signup',
        category: 'welcome',
        status: 'live',
        startsAt: new Date(Date.now() - day),
        endsAt: new Date(Date.now() + 30 * day),
        content: {
          en: { title: 'Welcome bonus', summary: 'A bonus to start', terms: '<p>Terms</p>' },
          ur: { title: 'خوش آمدید بونس', summary: 'شروع کا بونس', terms: '<p>شرائط</p>' },
        },
        eligibility: { vipLevels: [], excludedCountries: [], excludeAgents: false },
        config: signupConfig,
        ...values,
      })
      .returning();
    if (!row) throw new Error('promotion not created');
    return row;
  };

  const createMember = async (values: Partial<typeof members.$inferInsert> = {}): Promise<Member> => {
    const username = `p${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const [member] = await subject.database.db
      .insert(members)
      .values({ brandId, username, nickname: username, ...values })
      .returning();
    if (!member) throw new Error('member not created');
    const { authorization } = await loginAsMember(subject, username);
    return { id: member.id, authorization };
  };

  /** A fresh address per test, so claimants of other tests never look alike. */
  let addressCounter = 0;
  const nextAddress = () => `10.20.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

  const list = async (member?: Member, language?: string): Promise<SitePromotion[]> => {
    const response = await subject.app.inject({
      method: 'GET',
      url: `/wps/promotions${language === undefined ? '' : `?language=${language}`}`,
      headers: member ? { authorization: member.authorization } : {},
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Envelope<{ list: SitePromotion[] }>>().value.list;
  };
  const find = async (id: bigint, member?: Member, language?: string): Promise<SitePromotion | undefined> =>
    (await list(member, language)).find((promotion) => promotion.id === id.toString());

  const claim = async (member: Member | undefined, id: bigint) => {
    const response = await subject.app.inject({
      method: 'POST',
      url: `/wps/promotions/${id}/claim`,
      headers: member ? { authorization: member.authorization } : {},
    });
    return { status: response.statusCode, body: response.json<Envelope<PromotionClaim>>() };
  };

  const bonusesOf = (member: Member) =>
    subject.database.db.select().from(memberBonuses).where(eq(memberBonuses.memberId, member.id));
  const bonusBalance = (member: Member) =>
    subject.app.promotions.bonuses.balance({ brandId, memberId: member.id, currency });

  const reviews = async (headers: Headers = operator): Promise<ClaimReview[]> => {
    const response = await subject.app.inject({
      method: 'GET',
      url: '/wps/backoffice/promotions/reviews',
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Envelope<{ list: ClaimReview[] }>>().value.list;
  };
  const decide = (id: string, outcome: 'approve' | 'reject', headers: Headers = operator) =>
    subject.app.inject({
      method: 'POST',
      url: `/wps/backoffice/promotions/reviews/${id}/${outcome}`,
      headers,
      payload: { note: `${outcome} after a look` },
    });

  describe('the list', () => {
    it('shows guests the live and coming-soon promotions, asking them to log in; drafts, paused and ended are hidden', async () => {
      const live = await createPromotion();
      const soon = await createPromotion({ startsAt: new Date(Date.now() + day), category: 'event' });
      const draft = await createPromotion({ status: 'draft' });
      const paused = await createPromotion({ status: 'paused' });
      const ended = await createPromotion({ endsAt: new Date(Date.now() - 1000) });
      const shown = await list();
      const ids = shown.map((promotion) => promotion.id);
      expect(ids).toEqual(expect.arrayContaining([live.id.toString(), soon.id.toString()]));
      for (const hidden of [draft, paused, ended]) expect(ids).not.toContain(hidden.id.toString());
      expect(shown.find((promotion) => promotion.id === live.id.toString())).toMatchObject({
        kind: 'signup',
        category: 'welcome',
        phase: 'open',
        title: 'Welcome bonus',
        summary: 'A bonus to start',
        terms: '<p>Terms</p>',
        imageUrl: null,
        availability: { action: 'login', reason: null, claimed: 0 },
      });
      expect(shown.find((promotion) => promotion.id === soon.id.toString())).toMatchObject({
        phase: 'coming_soon',
        category: 'event',
      });
    });

    it('reads a request with an expired or unknown session as a guest', async () => {
      const promotion = await createPromotion();
      const stale = { id: 0n, authorization: 'Bearer not-a-live-session-token' };
      expect((await find(promotion.id, stale))?.availability).toEqual({
        action: 'login',
        reason: null,
        claimed: 0,
      });
    });

    it("answers in the site's language, Urdu falling back to English where it is not written", async () => {
      const both = await createPromotion();
      const english = await createPromotion({
        content: { en: { title: 'Only English', summary: 'Plain', terms: '<p>EN</p>' } },
      });
      expect(await find(both.id, undefined, 'ur')).toMatchObject({
        title: 'خوش آمدید بونس',
        terms: '<p>شرائط</p>',
      });
      expect(await find(english.id, undefined, 'ur')).toMatchObject({
        title: 'Only English',
        terms: '<p>EN</p>',
      });
      expect(await find(both.id, undefined, 'en')).toMatchObject({ title: 'Welcome bonus' });
      expect(await find(both.id, undefined, 'vi')).toMatchObject({ title: 'Welcome bonus' });
      // Without a language asked for, a member reads their own.
      const urduReader = await createMember({ language: 'ur' });
      expect(await find(both.id, urduReader)).toMatchObject({ title: 'خوش آمدید بونس' });
    });

    it('tells a member what they can do with each kind, and why not', async () => {
      const member = await createMember();
      const signup = await createPromotion();
      const deposit = await createPromotion({
        kind: 'deposit_match',
        category: 'deposit',
        config: {
          kind: 'deposit_match',
          depositKind: 'any',
          percent: 50,
          cap: '100',
          minDeposit: '10',
          channelCodes: [],
          wagering,
        },
      });
      const envelope = await createPromotion({
        kind: 'red_envelope',
        category: 'event',
        config: { kind: 'red_envelope', pool: '100', packets: 10, minPacket: '1' },
      });
      const soon = await createPromotion({ startsAt: new Date(Date.now() + day) });
      const forAgents = await createPromotion({
        eligibility: { vipLevels: [], excludedCountries: [], excludeAgents: true },
      });
      const agent = await createMember({ type: 1 });
      const vipOnly = await createPromotion({
        eligibility: { vipLevels: [3], excludedCountries: [], excludeAgents: false },
      });

      expect((await find(signup.id, member))?.availability).toEqual({
        action: 'claim',
        reason: null,
        claimed: 0,
      });
      expect((await find(deposit.id, member))?.availability).toEqual({
        action: 'deposit',
        reason: null,
        claimed: 0,
      });
      expect((await find(envelope.id, member))?.availability).toEqual({
        action: 'open',
        reason: null,
        claimed: 0,
      });
      expect((await find(soon.id, member))?.availability).toMatchObject({
        reason: 'PROMOTION_NOT_AVAILABLE',
      });
      expect((await find(forAgents.id, member))?.availability.reason).toBeNull();
      expect((await find(forAgents.id, agent))?.availability.reason).toBe('PROMOTION_NOT_ELIGIBLE');
      expect((await find(vipOnly.id, member))?.availability.reason).toBe('PROMOTION_NOT_ELIGIBLE');
    });

    it('gives the image a public address once the promotion has one', async () => {
      const member = await createMember();
      const stored = await subject.app.uploads.uploads.store(
        { brandId, memberId: member.id },
        'deposit_proof',
        // A 1×1 PNG.
        Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
          'base64',
        ),
      );
      const promotion = await createPromotion({ imageUploadId: stored.id });
      const shown = await find(promotion.id);
      expect(shown?.imageUrl).toBe(`/wps/promotions/${promotion.id}/image?v=${stored.id}`);
      const image = await subject.app.inject({ method: 'GET', url: shown?.imageUrl ?? '' });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      const draft = await createPromotion({ imageUploadId: stored.id, status: 'draft' });
      const hidden = await subject.app.inject({ method: 'GET', url: `/wps/promotions/${draft.id}/image` });
      expect(hidden.statusCode).toBe(404);
    });
  });

  describe('the claim', () => {
    it('pays the sign-up bonus once under its wagering rules, and the list then says it was claimed', async () => {
      const member = await createMember({ registerIp: nextAddress() });
      const promotion = await createPromotion();
      const first = await claim(member, promotion.id);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.value).toMatchObject({
        status: 'paid',
        bonus: { title: 'Welcome bonus', status: 'active', amount: '25.00', wageringRequired: '250.00' },
      });
      expect(first.body.value.bonus?.contributions).toMatchObject({ RNG: 100, LIVE: 0, SPORTS: 50 });
      const second = await claim(member, promotion.id);
      expect(second.body).toMatchObject({ success: false, code: 'PROMOTION_ALREADY_CLAIMED' });
      expect(await bonusesOf(member)).toHaveLength(1);
      expect(await bonusBalance(member)).toBe(2500n);
      expect((await find(promotion.id, member))?.availability).toEqual({
        action: 'claim',
        reason: 'PROMOTION_ALREADY_CLAIMED',
        claimed: 1,
      });
    });

    it('refuses guests, free-play accounts, other kinds, promotions not open and other brands', async () => {
      const promotion = await createPromotion();
      expect((await claim(undefined, promotion.id)).status).toBe(401);
      const trial = await createMember({ type: 4 });
      expect((await claim(trial, promotion.id)).body.code).toBe('TRIAL_NOT_ALLOWED');
      const member = await createMember({ registerIp: nextAddress() });
      const deposit = await createPromotion({ kind: 'granted', config: { kind: 'granted', wagering } });
      expect((await claim(member, deposit.id)).body.code).toBe('PROMOTION_NOT_AVAILABLE');
      const soon = await createPromotion({ startsAt: new Date(Date.now() + day) });
      expect((await claim(member, soon.id)).body.code).toBe('PROMOTION_NOT_AVAILABLE');
      const draft = await createPromotion({ status: 'draft' });
      expect((await claim(member, draft.id)).body.code).toBe('NOT_FOUND');
      expect((await claim(member, 999_999n)).body.code).toBe('NOT_FOUND');
      expect(await bonusesOf(member)).toHaveLength(0);
    });

    it('holds a claim from the address of an earlier claimant for staff; approval pays it once', async () => {
      const address = nextAddress();
      const promotion = await createPromotion();
      const first = await createMember({ registerIp: address });
      expect((await claim(first, promotion.id)).body.value.status).toBe('paid');
      // The second account registered elsewhere but logs in from the first one's address.
      const second = await createMember({ registerIp: nextAddress(), lastLoginIp: address });
      const held = await claim(second, promotion.id);
      expect(held.status).toBe(200);
      expect(held.body.value).toEqual({ status: 'held', bonus: null });
      expect(await bonusesOf(second)).toHaveLength(0);
      expect((await find(promotion.id, second))?.availability.reason).toBe('PROMOTION_CLAIM_IN_REVIEW');
      expect((await claim(second, promotion.id)).body.code).toBe('PROMOTION_ALREADY_CLAIMED');

      const pending = (await reviews(support)).find((review) => review.member.id === second.id.toString());
      expect(pending).toMatchObject({
        promotionId: promotion.id.toString(),
        promotionTitle: 'Welcome bonus',
        status: 'pending',
        reasons: [{ kind: 'address', memberId: first.id.toString() }],
      });
      const reviewId = pending?.id ?? '';
      expect((await decide(reviewId, 'approve', support)).statusCode).toBe(403);
      const approved = await decide(reviewId, 'approve');
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json<Envelope<ClaimReview>>().value).toMatchObject({ status: 'approved' });
      expect((await decide(reviewId, 'approve')).json<Envelope<unknown>>().code).toBe('ALREADY_PROCESSED');
      expect((await decide(reviewId, 'reject')).json<Envelope<unknown>>().code).toBe('ALREADY_PROCESSED');
      expect(await bonusesOf(second)).toHaveLength(1);
      expect(await bonusBalance(second)).toBe(2500n);
      expect((await reviews()).map((review) => review.id)).not.toContain(reviewId);
      const audit = await subject.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityType, 'promotion_claim_review'), eq(auditEvents.entityId, reviewId)))
        .orderBy(auditEvents.id);
      expect(audit.map((event) => event.action)).toEqual([
        'promotion.claim_held',
        'promotion.claim_approved',
      ]);
    });

    it('holds a claim sharing a payout account with an earlier claimant; rejection pays nothing', async () => {
      const promotion = await createPromotion();
      const first = await createMember({ registerIp: nextAddress() });
      const second = await createMember({ registerIp: nextAddress() });
      const number = `${Date.now()}${addressCounter}`;
      for (const member of [first, second]) {
        await subject.database.db.insert(payoutAccounts).values({
          brandId,
          memberId: member.id,
          method: 'bank',
          providerName: member === first ? 'Bank A' : 'Bank B',
          accountNumber: number,
          holderName: 'Someone',
          ...(member === first ? { removedAt: new Date() } : {}),
        });
      }
      expect((await claim(first, promotion.id)).body.value.status).toBe('paid');
      expect((await claim(second, promotion.id)).body.value.status).toBe('held');
      const pending = (await reviews()).find((review) => review.member.id === second.id.toString());
      expect(pending?.reasons.map(({ kind, memberId }) => ({ kind, memberId }))).toEqual([
        { kind: 'payout_account', memberId: first.id.toString() },
      ]);
      const rejected = await decide(pending?.id ?? '', 'reject');
      expect(rejected.json<Envelope<ClaimReview>>().value).toMatchObject({ status: 'rejected' });
      expect(await bonusesOf(second)).toHaveLength(0);
      expect((await find(promotion.id, second))?.availability.reason).toBe('PROMOTION_ALREADY_CLAIMED');
    });

    it('pays members who share nothing with earlier claimants', async () => {
      const promotion = await createPromotion();
      const first = await createMember({ registerIp: nextAddress() });
      const second = await createMember({ registerIp: nextAddress(), lastLoginIp: nextAddress() });
      expect((await claim(first, promotion.id)).body.value.status).toBe('paid');
      expect((await claim(second, promotion.id)).body.value.status).toBe('paid');
    });

    it.runIf(hasPostgres)('pays one of 20 concurrent claims of a sign-up bonus', async () => {
      const promotion = await createPromotion();
      const member = await createMember({ registerIp: nextAddress() });
      const results = await Promise.all(Array.from({ length: 20 }, () => claim(member, promotion.id)));
      expect(results.filter((result) => result.body.success)).toHaveLength(1);
      expect(results.filter((result) => result.body.code === 'PROMOTION_ALREADY_CLAIMED')).toHaveLength(19);
      expect(await bonusesOf(member)).toHaveLength(1);
      expect(await bonusBalance(member)).toBe(2500n);
    });

    it.runIf(hasPostgres)(
      'holds the second of two look-alike accounts claiming at the same moment',
      async () => {
        const promotion = await createPromotion();
        const address = nextAddress();
        const first = await createMember({ registerIp: address });
        const second = await createMember({ registerIp: address });
        const results = await Promise.all([claim(first, promotion.id), claim(second, promotion.id)]);
        expect(results.map((result) => result.body.value.status).sort()).toEqual(['held', 'paid']);
      },
    );
  });
});

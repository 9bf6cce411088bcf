import { randomUUID } from 'node:crypto';
import { encryptRequestBody } from '@wps/contracts/body-cipher';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { loginAsMember, type TestApp } from '../../testing/test-app';
import { demoPlayer } from '../members/members.seed';
import { members } from '../members/members.tables';
import { loyaltySettings, mallItems, vipLevels } from './loyalty.tables';
import type { NewMallItem } from './points.repository';
import { pointBalance, postPoints } from './points/point-ledger';

export type PointsTestMember = { id: bigint; brandId: bigint; username: string; authorization: string };
export type Envelope = { success: boolean; code?: string; value: Record<string, unknown> };

export const envelopeOf = (response: LightMyRequestResponse): Envelope => response.json<Envelope>();

/** Members, points, items and calls for the points tests, on one test app. */
export const pointsTestKit = (testApp: TestApp) => {
  const { db } = testApp.database;
  const { app } = testApp;
  const { ledger } = app.wallet;

  /** A new member of the demo brand, with the demo player's payment password ('123456'). */
  const addMember = async (prefix = 'pts'): Promise<PointsTestMember> => {
    const [demo] = await db.select().from(members).where(eq(members.username, demoPlayer.username));
    if (!demo) throw new Error('no demo player');
    const username = `${prefix}${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    const [member] = await db
      .insert(members)
      .values({
        brandId: demo.brandId,
        username,
        nickname: username,
        paymentPasswordHash: demo.paymentPasswordHash,
      })
      .returning();
    if (!member) throw new Error('member not created');
    const { authorization } = await loginAsMember(testApp, username);
    return { id: member.id, brandId: member.brandId, username, authorization };
  };

  const givePoints = (member: PointsTestMember, points: bigint) =>
    postPoints(ledger, db, {
      brandId: member.brandId,
      memberId: member.id,
      points,
      movement: 'points.adjust',
      idempotencyKey: randomUUID(),
    });

  const balanceOf = (member: PointsTestMember) => pointBalance(ledger, db, member.brandId, member.id);

  const addItem = async (brandId: bigint, values: Partial<NewMallItem> = {}) => {
    const [item] = await db
      .insert(mallItems)
      .values({
        brandId,
        kind: 'physical',
        name: { en: `Item ${randomUUID().slice(0, 8)}` },
        description: { en: '' },
        pointsCost: 100n,
        ...values,
      })
      .returning();
    if (!item) throw new Error('item not created');
    return item;
  };

  const stockOf = async (itemId: bigint) =>
    (await db.select({ stock: mallItems.stock }).from(mallItems).where(eq(mallItems.id, itemId)))[0]?.stock;

  /** The brand's points rates per rank (other ranks' rates are left alone) and its deposit rate. */
  const setRates = async (brandId: bigint, byRank: Record<number, Record<string, string>>, deposit = '0') => {
    for (const [rank, rates] of Object.entries(byRank)) {
      await db
        .update(vipLevels)
        .set({ pointRates: rates })
        .where(and(eq(vipLevels.brandId, brandId), eq(vipLevels.rank, Number(rank))));
    }
    await db
      .insert(loyaltySettings)
      .values({ brandId, pointsPerDepositUnit: deposit })
      .onConflictDoUpdate({ target: loyaltySettings.brandId, set: { pointsPerDepositUnit: deposit } });
  };

  /** A member call; the body is sealed with the site's public key when `encrypted`. */
  const call = async (
    member: PointsTestMember,
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    encrypted = false,
  ) => {
    let payload = body;
    if (encrypted && body !== undefined) {
      const key = envelopeOf(await app.inject({ method: 'GET', url: '/wps/system/encryption-key' }));
      payload = await encryptRequestBody(key.value as { keyId: string; publicKey: string }, body);
    }
    return app.inject({
      method,
      url,
      headers: { authorization: member.authorization },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  };

  return { addMember, givePoints, balanceOf, addItem, stockOf, setRates, call };
};

export const redeemUrl = '/wps/relay/passwordCheck/MCS2_redeemPointReward';
export const convertUrl = '/wps/relay/passwordCheck/MCS2_convertPoint';

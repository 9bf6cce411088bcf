import { promotionResponseSchema } from '@wps/contracts/promotions';
import { uploadResponseSchema } from '@wps/contracts/uploads';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStaff,
  createTestApp,
  loginAsMember,
  operatorHeaders,
  type TestApp,
} from '../../testing/test-app';
import { demoPlayer } from '../members/members.seed';
import { uploads } from './uploads.tables';

type Headers = Record<string, string>;

const png = PNG.sync.write(new PNG({ width: 2, height: 2 }));
// "RIFF", the chunk size, "WEBP", then the start of a lossless bitstream: what the type is judged by.
const webp = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x1a, 0x00, 0x00, 0x00]),
  Buffer.from('WEBPVP8L'),
  Buffer.alloc(18),
]);

const form = (data: Buffer, name: string, type: string, purpose?: string) => {
  const body = new FormData();
  if (purpose) body.append('purpose', purpose);
  body.append('file', new Blob([new Uint8Array(data)], { type }), name);
  return body;
};

const promotionBody = (imageUploadId: string) => ({
  category: 'deposit',
  status: 'live',
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: '2030-01-01T00:00:00.000Z',
  content: { en: { title: 'Pictured promotion', summary: 'With a picture', terms: '<p>Terms</p>' } },
  imageUploadId,
  claimLimit: 1,
  sortOrder: 0,
  turnoverPercent: 100,
  eligibility: { vipLevels: [], excludedCountries: [], excludeAgents: false },
  config: {
    kind: 'deposit_match',
    depositKind: 'first',
    percent: 100,
    cap: '500',
    minDeposit: '10',
    channelCodes: [],
    wagering: {
      multiplier: 10,
      base: 'bonus',
      contributions: { RNG: 100, LIVE: 10 },
      maxStake: '0',
      expiresInDays: 7,
    },
  },
});

describe('staff uploads (a promotion picture)', () => {
  let subject: TestApp;
  let admin: Headers;
  let finance: Headers;
  let support: Headers;

  beforeAll(async () => {
    subject = await createTestApp();
    admin = await operatorHeaders(subject.app);
    finance = await createStaff(subject.app, { username: 'upload-finance', role: 'finance' });
    support = await createStaff(subject.app, { username: 'upload-support', role: 'support' });
  });
  afterAll(() => subject.close());

  const upload = (headers: Headers, payload: FormData) =>
    subject.app.inject({ method: 'POST', url: '/wps/backoffice/uploads', headers, payload });
  const uploaded = async (headers: Headers, payload: FormData) => {
    const response = await upload(headers, payload);
    expect(response.statusCode, response.body).toBe(200);
    return uploadResponseSchema.parse(response.json()).value;
  };

  it('stores an admin’s png or webp as the staff member’s upload on the brand', async () => {
    const picture = await uploaded(admin, form(png, 'banner.png', 'image/png'));
    expect(picture).toMatchObject({ contentType: 'image/png', byteSize: png.length });
    const [row] = await subject.database.db.select().from(uploads).where(eq(uploads.id, picture.id));
    expect(row).toMatchObject({ purpose: 'promotion_image', memberId: null });
    expect(row?.staffId).not.toBeNull();

    const other = await uploaded(
      admin,
      form(webp, 'banner.bin', 'application/octet-stream', 'promotion_image'),
    );
    expect(other.contentType).toBe('image/webp');
  });

  it('is refused to other roles, and without a staff session', async () => {
    for (const headers of [finance, support]) {
      const response = await upload(headers, form(png, 'banner.png', 'image/png'));
      expect(response.statusCode).toBe(403);
      expect(response.json<{ code: string }>().code).toBe('FORBIDDEN');
    }
    const anonymous = await upload({ 'x-merchant-code': 'DEMO' }, form(png, 'banner.png', 'image/png'));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<{ code: string }>().code).toBe('UNAUTHORIZED');
  });

  it('refuses what is not a png, jpg or webp, and a member purpose', async () => {
    const gif = await upload(admin, form(Buffer.from('GIF89a not a picture'), 'x.png', 'image/png'));
    expect(gif.statusCode).toBe(415);
    expect(gif.json<{ code: string }>().code).toBe('UPLOAD_INVALID_TYPE');

    const proof = await upload(admin, form(png, 'slip.png', 'image/png', 'deposit_proof'));
    expect(proof.statusCode).toBe(400);
    expect(proof.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
  });

  it('leaves members’ uploads as they were: png or jpg only, never a promotion picture', async () => {
    const player = await loginAsMember(subject, demoPlayer.username);
    const memberUpload = (payload: FormData) =>
      subject.app.inject({
        method: 'POST',
        url: '/wps/member/uploads',
        headers: { authorization: player.authorization },
        payload,
      });
    const asPromotion = await memberUpload(form(png, 'banner.png', 'image/png', 'promotion_image'));
    expect(asPromotion.statusCode).toBe(400);
    const webpProof = await memberUpload(form(webp, 'slip.webp', 'image/webp', 'deposit_proof'));
    expect(webpProof.statusCode).toBe(415);
  });

  it('is taken as a promotion’s image, served by the public image route, and kept by the purge', async () => {
    const picture = await uploaded(admin, form(png, 'banner.png', 'image/png'));
    const unused = await uploaded(admin, form(png, 'spare.png', 'image/png'));
    const created = await subject.app.inject({
      method: 'POST',
      url: '/wps/backoffice/promotions',
      headers: admin,
      payload: promotionBody(picture.id),
    });
    expect(created.statusCode, created.body).toBe(200);
    const promotion = promotionResponseSchema.parse(created.json()).value;
    expect(promotion.imageUploadId).toBe(picture.id);

    const image = await subject.app.inject({
      method: 'GET',
      url: `/wps/promotions/${promotion.id}/image`,
      headers: { 'x-merchant-code': 'DEMO' },
    });
    expect(image.statusCode, image.body).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png)).toBe(true);

    await subject.app.uploads.uploads.purgeOrphans(new Date(Date.now() + 2 * 24 * 60 * 60 * 1000));
    const left = await subject.database.db.select({ id: uploads.id }).from(uploads);
    expect(left.map((row) => row.id)).toContain(picture.id);
    expect(left.map((row) => row.id)).not.toContain(unused.id);
  });

  it('holds exactly one owner', async () => {
    const [brand] = await subject.database.db.select({ brandId: uploads.brandId }).from(uploads).limit(1);
    await expect(
      subject.database.db.insert(uploads).values({
        id: '00000000-0000-4000-8000-000000000001',
        brandId: brand?.brandId ?? 1n,
        purpose: 'promotion_image',
        contentType: 'image/png',
        byteSize: 1,
        sha256: 'x',
      }),
    ).rejects.toThrow();
  });
});

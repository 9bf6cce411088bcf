import { avatarSize } from '@wps/contracts/member-account';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import { auditEvents } from '../audit/audit.tables';
import { demoAgent, demoPlayer } from '../members/members.seed';
import { members } from '../members/members.tables';
import { uploads } from './uploads.tables';

type Envelope<Value> = { success: boolean; code?: string; value: Value };
type Rgb = { r: number; g: number; b: number };

const red: Rgb = { r: 255, g: 0, b: 0 };
const green: Rgb = { r: 0, g: 255, b: 0 };
const blue: Rgb = { r: 0, g: 0, b: 255 };
const day = 24 * 60 * 60 * 1000;

/** An image of vertical stripes, one colour each, left to right. */
const stripes = (colours: readonly Rgb[], stripeWidth: number, height: number) => {
  const width = stripeWidth * colours.length;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const colour = colours[Math.floor(x / stripeWidth)] ?? red;
      pixels.set([colour.r, colour.g, colour.b], (y * width + x) * 3);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
};

const form = (data: Buffer, name: string, type: string) => {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(data)], { type }), name);
  return body;
};

/** The colour of one pixel of an encoded image. */
const pixelAt = async (image: Buffer, x: number, y: number): Promise<Rgb> => {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: data[at] ?? -1, g: data[at + 1] ?? -1, b: data[at + 2] ?? -1 };
};

const isNear = (actual: Rgb, expected: Rgb) =>
  Math.abs(actual.r - expected.r) < 40 &&
  Math.abs(actual.g - expected.g) < 40 &&
  Math.abs(actual.b - expected.b) < 40;

/**
 * The member's avatar: png or jpg judged by content, decoded, turned upright, cropped square and resized on the
 * server, served from a public address the site's `<img>` loads, and the replaced one left to the orphan purge.
 */
describe('member avatars', () => {
  let subject: TestApp;
  let player: { authorization: string; member: { id: bigint } };

  beforeAll(async () => {
    subject = await createTestApp();
    player = await loginAsMember(subject, demoPlayer.username);
  });
  afterAll(() => subject.close());

  const upload = (authorization: string | undefined, payload: FormData) =>
    subject.app.inject({
      method: 'POST',
      url: '/wps/member/account/avatar',
      headers: {
        'user-agent': 'AvatarTest/1.0',
        ...(authorization === undefined ? {} : { authorization }),
      },
      payload,
    });

  const uploadAvatar = async (image: Buffer, name: string, type: string): Promise<string> => {
    const response = await upload(player.authorization, form(image, name, type));
    expect(response.statusCode).toBe(200);
    return response.json<Envelope<{ avatarUrl: string }>>().value.avatarUrl;
  };

  const storedAvatarUrl = async (): Promise<string | null> => {
    const [row] = await subject.database.db
      .select({ avatarUrl: members.avatarUrl })
      .from(members)
      .where(eq(members.id, player.member.id));
    return row?.avatarUrl ?? null;
  };

  const memberUploadCount = async () =>
    (await subject.database.db.select().from(uploads).where(eq(uploads.memberId, player.member.id))).length;

  it('stores a png cropped square from its centre at 256 pixels, served publicly and shown as the avatar', async () => {
    // Red, green and blue thirds: the centre square is all green.
    const png = await stripes([red, green, blue], 300, 300).png().toBuffer();
    const avatarUrl = await uploadAvatar(png, 'me.png', 'image/png');
    expect(avatarUrl).toMatch(/^\/wps\/avatars\/[0-9a-f-]{36}$/);

    // No session token: the site's <img> sends none.
    const image = await subject.app.inject({ url: avatarUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A member's file on a public address: the browser takes it for the image it is and nothing else.
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const metadata = await sharp(image.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: avatarSize, height: avatarSize });
    for (const [x, y] of [
      [2, 2],
      [253, 128],
      [128, 128],
    ] as const) {
      expect(isNear(await pixelAt(image.rawPayload, x, y), green)).toBe(true);
    }

    const info = await subject.app.inject({
      url: '/wps/member/info',
      headers: { authorization: player.authorization },
    });
    expect(info.json<Envelope<{ avatarUrl: string | null }>>().value.avatarUrl).toBe(avatarUrl);
    const icon = await subject.app.inject({
      url: '/wps/member/info/icon',
      headers: { authorization: player.authorization },
    });
    expect(icon.json<Envelope<{ avatarUrl: string | null }>>().value.avatarUrl).toBe(avatarUrl);

    const audited = await subject.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'member.avatar.update'),
          eq(auditEvents.entityId, player.member.id.toString()),
        ),
      );
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({
      actorType: 'member',
      actorId: player.member.id.toString(),
      userAgent: 'AvatarTest/1.0',
      entityType: 'member',
      after: { avatarUrl },
    });
  });

  it('turns a jpg upright by its EXIF orientation and strips its metadata', async () => {
    // Stored 200 × 100, red left and blue right, to be shown turned a quarter clockwise: upright it is red above
    // blue, and its centre square red in the top half. Unturned, that square would be red on the left.
    const jpeg = await stripes([red, blue], 100, 100)
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret place' } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);

    const avatarUrl = await uploadAvatar(jpeg, 'photo.jpg', 'image/jpeg');
    const image = (await subject.app.inject({ url: avatarUrl })).rawPayload;
    const metadata = await sharp(image).metadata();
    expect(metadata).toMatchObject({ width: avatarSize, height: avatarSize });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(isNear(await pixelAt(image, 200, 40), red)).toBe(true);
    expect(isNear(await pixelAt(image, 40, 200), blue)).toBe(true);
  });

  it('refuses a file that is no png or jpg, or that cannot be decoded, and keeps the avatar', async () => {
    const before = await storedAvatarUrl();
    const uploadsBefore = await memberUploadCount();
    expect(before).not.toBeNull();
    const gif = await stripes([red], 10, 10).gif().toBuffer();
    const broken = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('not really a png at all'),
    ]);
    for (const disguised of [
      form(Buffer.from('just some text, named like an image'), 'avatar.png', 'image/png'),
      form(gif, 'avatar.png', 'image/png'),
      form(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'avatar.png', 'image/png'),
      form(broken, 'avatar.png', 'image/png'),
    ]) {
      const response = await upload(player.authorization, disguised);
      expect(response.statusCode).toBe(415);
      expect(response.json<Envelope<unknown>>()).toMatchObject({
        success: false,
        code: 'UPLOAD_INVALID_TYPE',
      });
    }
    expect(await storedAvatarUrl()).toBe(before);
    expect(await memberUploadCount()).toBe(uploadsBefore);
  });

  it('refuses an image over 5 MB', async () => {
    const before = await storedAvatarUrl();
    const png = await stripes([green], 10, 10).png().toBuffer();
    const response = await upload(
      player.authorization,
      form(Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]), 'big.png', 'image/png'),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json<Envelope<unknown>>().code).toBe('UPLOAD_TOO_LARGE');
    expect(await storedAvatarUrl()).toBe(before);
  });

  it('refuses a free-play account and a visitor who is not signed in', async () => {
    const png = await stripes([green], 10, 10).png().toBuffer();
    const freePlay = await subject.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      payload: {},
    });
    const trial = `Bearer ${freePlay.json<Envelope<{ token: string }>>().value.token}`;
    const refused = await upload(trial, form(png, 'me.png', 'image/png'));
    expect(refused.json<Envelope<unknown>>().code).toBe('TRIAL_NOT_ALLOWED');
    const anonymous = await upload(undefined, form(png, 'me.png', 'image/png'));
    expect(anonymous.statusCode).toBe(401);
  });

  it('serves only avatars publicly, never another upload', async () => {
    const png = await stripes([green], 10, 10).png().toBuffer();
    const agent = await loginAsMember(subject, demoAgent.username);
    const proof = await subject.app.inject({
      method: 'POST',
      url: '/wps/member/uploads',
      headers: { authorization: agent.authorization },
      payload: form(png, 'slip.png', 'image/png'),
    });
    const { id } = proof.json<Envelope<{ id: string }>>().value;
    const response = await subject.app.inject({ url: `/wps/avatars/${id}` });
    expect(response.statusCode).toBe(404);
    expect(response.json<Envelope<unknown>>().code).toBe('NOT_FOUND');
  });

  it('leaves a replaced avatar to the orphan purge and keeps the current one', async () => {
    const purge = () => subject.app.uploads.uploads.purgeOrphans(new Date(Date.now() + 2 * day));
    const first = await uploadAvatar(await stripes([red], 20, 20).png().toBuffer(), 'a.png', 'image/png');
    // The purge finds the avatar in use and keeps it from then on.
    await purge();
    expect((await subject.app.inject({ url: first })).statusCode).toBe(200);

    const second = await uploadAvatar(await stripes([blue], 20, 20).png().toBuffer(), 'b.png', 'image/png');
    await purge();
    expect((await subject.app.inject({ url: first })).statusCode).toBe(404);
    expect((await subject.app.inject({ url: second })).statusCode).toBe(200);
    expect(await storedAvatarUrl()).toBe(second);
  });
});

import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import { feedback, feedbackImages } from '../feedback/feedback.tables';
import { demoAgent, demoPlayer } from '../members/members.seed';
import { members } from '../members/members.tables';
import { deposits, paymentChannels } from '../payments/payments.tables';
import { orphanUploadJobName, createUploadService } from './uploads.service';
import { uploads } from './uploads.tables';

const png = PNG.sync.write(new PNG({ width: 2, height: 2 }));
const hour = 60 * 60 * 1000;

const form = (purpose = 'deposit_proof') => {
  const body = new FormData();
  body.append('purpose', purpose);
  body.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'slip.png');
  return body;
};

describe('storage bounds of uploads', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const memberIdOf = async (username: string) => {
    const [row] = await testApp.database.db.select().from(members).where(eq(members.username, username));
    if (!row) throw new Error(`no member ${username}`);
    return { memberId: row.id, brandId: row.brandId };
  };

  it('lets a member upload only the day’s number of files, a burst included, and says why in the envelope', async () => {
    const { authorization } = await loginAsMember(testApp, demoAgent.username);
    const upload = () =>
      testApp.app.inject({
        method: 'POST',
        url: '/wps/member/uploads',
        headers: { authorization },
        payload: form(),
      });
    const answers = await Promise.all(Array.from({ length: 40 }, upload));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(10);
    expect(refused[0]?.json()).toEqual({
      success: false,
      code: 'UPLOAD_LIMIT_REACHED',
      message: 'You have uploaded as much as a day allows; please try again tomorrow.',
      value: { limit: 'daily' },
    });
    const { memberId } = await memberIdOf(demoAgent.username);
    const rows = await testApp.database.db.select().from(uploads).where(eq(uploads.memberId, memberId));
    expect(rows).toHaveLength(30);
  });

  it('bounds the bytes of a day and the files in all, and an older upload counts only in all', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'wps-uploads-'));
    try {
      const service = createUploadService({
        db: testApp.database.db,
        directory,
        bounds: { perDay: { files: 100, bytes: png.length * 2 }, total: { files: 3, bytes: 1_000_000 } },
      });
      const owner = await memberIdOf(demoPlayer.username);
      const first = await service.store(owner, 'deposit_proof', png);
      await service.store(owner, 'deposit_proof', png);
      await expect(service.store(owner, 'deposit_proof', png)).rejects.toMatchObject({
        code: 'UPLOAD_LIMIT_REACHED',
        details: { limit: 'daily' },
      });
      // A day later the day's bytes are free again, but the files in all are not.
      await testApp.database.db
        .update(uploads)
        .set({ createdAt: new Date(Date.now() - 25 * hour) })
        .where(eq(uploads.memberId, owner.memberId));
      await service.store(owner, 'deposit_proof', png);
      await expect(service.store(owner, 'deposit_proof', png)).rejects.toMatchObject({
        code: 'UPLOAD_LIMIT_REACHED',
        details: { limit: 'total' },
      });
      // A refused upload leaves no file behind.
      const files = await testApp.database.db
        .select()
        .from(uploads)
        .where(eq(uploads.memberId, owner.memberId));
      expect(files).toHaveLength(3);
      expect(files.map((file) => file.id)).toContain(first.id);
      expect(readdirSync(directory).sort()).toEqual(files.map((file) => file.id).sort());
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('purges the uploads nothing refers to a day on, with their files, and keeps every other', async () => {
    const { db } = testApp.database;
    const owner = await memberIdOf(demoPlayer.username);
    await db.delete(uploads).where(eq(uploads.memberId, owner.memberId));
    const store = (purpose: 'deposit_proof' | 'feedback') =>
      testApp.app.uploads.uploads.store(owner, purpose, png);
    const [orphan, fresh, slip, image] = await Promise.all([
      store('deposit_proof'),
      store('deposit_proof'),
      store('deposit_proof'),
      store('feedback'),
    ]);
    const ids = [orphan.id, slip.id, image.id];
    await db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - 25 * hour) })
      .where(inArray(uploads.id, ids));
    const [channel] = await db.select().from(paymentChannels).limit(1);
    if (!channel) throw new Error('no seeded payment channel');
    await db.insert(deposits).values({
      brandId: owner.brandId,
      memberId: owner.memberId,
      channelId: channel.id,
      requestKey: 'purge-test',
      currency: 'USD',
      amount: 1_000n,
      proofUploadId: slip.id,
    });
    const [note] = await db
      .insert(feedback)
      .values({ brandId: owner.brandId, memberId: owner.memberId, content: 'the slip did not load' })
      .returning();
    if (!note) throw new Error('feedback not stored');
    await db.insert(feedbackImages).values({ feedbackId: note.id, uploadId: image.id, position: 0 });
    const fileOf = (id: string) => path.join(testApp.app.platform.config.UPLOADS_DIR, id);
    expect([orphan, fresh, slip, image].every((upload) => existsSync(fileOf(upload.id)))).toBe(true);

    await testApp.app.platform.scheduler.runNow(orphanUploadJobName);

    const left = await db.select().from(uploads).where(eq(uploads.memberId, owner.memberId));
    expect(left.map((row) => row.id).sort()).toEqual([fresh.id, slip.id, image.id].sort());
    expect(existsSync(fileOf(orphan.id))).toBe(false);
    expect([fresh, slip, image].every((upload) => existsSync(fileOf(upload.id)))).toBe(true);
    // Those something refers to are marked kept; the fresh one waits for its day.
    const kept = new Map(left.map((row) => [row.id, row.keptAt !== null]));
    expect(kept).toEqual(
      new Map([
        [fresh.id, false],
        [slip.id, true],
        [image.id, true],
      ]),
    );
  });
});

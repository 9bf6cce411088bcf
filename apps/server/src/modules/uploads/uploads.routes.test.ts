import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { createTestApp, loginAsMember, loginAsOperator, type TestApp } from '../../testing/test-app';
import { demoAgent, demoPlayer } from '../members/members.seed';

const png = PNG.sync.write(new PNG({ width: 2, height: 2 }));
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);

const form = (data: Buffer, name: string, type: string, purpose?: string) => {
  const body = new FormData();
  if (purpose) body.append('purpose', purpose);
  body.append('file', new Blob([new Uint8Array(data)], { type }), name);
  return body;
};

describe('proof uploads', () => {
  let testApp: TestApp;
  let player: { authorization: string };
  let agent: { authorization: string };

  beforeAll(async () => {
    testApp = await createTestApp();
    player = await loginAsMember(testApp, demoPlayer.username);
    agent = await loginAsMember(testApp, demoAgent.username);
  });
  afterAll(() => testApp.close());

  const upload = (authorization: string, payload: FormData) =>
    testApp.app.inject({ method: 'POST', url: '/wps/member/uploads', headers: { authorization }, payload });

  it('stores a png and a jpg, judged by their content, and gives them back to their owner only', async () => {
    const stored = await upload(player.authorization, form(png, 'slip.png', 'image/png', 'deposit_proof'));
    expect(stored.statusCode).toBe(200);
    const { id, contentType } = stored.json<{ value: { id: string; contentType: string } }>().value;
    expect(contentType).toBe('image/png');

    const photo = await upload(player.authorization, form(jpeg, 'photo.bin', 'application/octet-stream'));
    expect(photo.json<{ value: { contentType: string } }>().value.contentType).toBe('image/jpeg');

    const mine = await testApp.app.inject({
      url: `/wps/member/uploads/${id}`,
      headers: { authorization: player.authorization },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.rawPayload.equals(png)).toBe(true);

    const theirs = await testApp.app.inject({
      url: `/wps/member/uploads/${id}`,
      headers: { authorization: agent.authorization },
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json<{ code: string }>().code).toBe('NOT_FOUND');

    const anonymous = await testApp.app.inject({ url: `/wps/member/uploads/${id}` });
    expect(anonymous.statusCode).toBe(401);

    const staff = await loginAsOperator(testApp.app);
    const forStaff = await testApp.app.inject({ url: `/wps/backoffice/uploads/${id}`, headers: staff });
    expect(forStaff.statusCode).toBe(200);
    expect(forStaff.rawPayload.equals(png)).toBe(true);
  });

  it('refuses a file that only claims to be an image', async () => {
    const fake = await upload(
      player.authorization,
      form(Buffer.from('GIF89a not really'), 'slip.png', 'image/png'),
    );
    expect(fake.statusCode).toBe(415);
    expect(fake.json<{ code: string; success: boolean }>()).toMatchObject({
      success: false,
      code: 'UPLOAD_INVALID_TYPE',
    });
  });

  it('refuses an image over 5 MB', async () => {
    const huge = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await upload(player.authorization, form(huge, 'big.png', 'image/png'));
    expect(response.statusCode).toBe(413);
    expect(response.json<{ code: string }>().code).toBe('UPLOAD_TOO_LARGE');
  });

  it('refuses an unknown purpose and a missing file', async () => {
    const purpose = await upload(player.authorization, form(png, 'a.png', 'image/png', 'avatar'));
    expect(purpose.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
    const empty = new FormData();
    empty.append('purpose', 'deposit_proof');
    const missing = await upload(player.authorization, empty);
    expect(missing.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
  });
});

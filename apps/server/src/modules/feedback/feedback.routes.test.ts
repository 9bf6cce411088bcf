import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  loginAsMember,
  loginAsOperator,
  operatorHeaders,
  type TestApp,
} from '../../testing/test-app';
import { demoAgent, demoPlayer } from '../members/members.seed';

const png = PNG.sync.write(new PNG({ width: 2, height: 2 }));
const words = (count: number) =>
  Array.from({ length: count }, (_, index) => `word${String(index)}`).join(' ');

describe('feedback', () => {
  let testApp: TestApp;
  let player: { authorization: string };

  beforeAll(async () => {
    testApp = await createTestApp();
    player = await loginAsMember(testApp, demoPlayer.username);
  });
  afterAll(() => testApp.close());

  const upload = async (authorization: string, data: Buffer, purpose = 'feedback') => {
    const form = new FormData();
    form.append('purpose', purpose);
    form.append('file', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'shot.png');
    return testApp.app.inject({
      method: 'POST',
      url: '/wps/member/uploads',
      headers: { authorization },
      payload: form,
    });
  };
  const uploadId = async (authorization: string, purpose = 'feedback') =>
    (await upload(authorization, png, purpose)).json<{ value: { id: string } }>().value.id;
  const send = (payload: object, authorization = player.authorization) =>
    testApp.app.inject({ method: 'PUT', url: '/wps/feedback', headers: { authorization }, payload });

  it('answers the brand’s word bounds', async () => {
    const setting = await testApp.app.inject({ url: '/wps/feedback/setting' });
    expect(setting.json()).toMatchObject({
      success: true,
      value: { minWords: 5, maxWords: 500, maxImages: 3 },
    });
  });

  it('stores feedback with up to 3 of the member’s own images, and staff list it', async () => {
    const imageIds = [await uploadId(player.authorization), await uploadId(player.authorization)];
    const stored = await send({ content: `  ${words(6)}  `, imageIds });
    expect(stored.json()).toMatchObject({ success: true, value: { id: expect.any(String) as string } });

    const staff = await loginAsOperator(testApp.app);
    const list = await testApp.app.inject({ url: '/wps/backoffice/feedback?pageSize=5', headers: staff });
    expect(list.json()).toMatchObject({
      success: true,
      value: { list: [{ account: demoPlayer.username, content: words(6), imageIds }] },
    });
    expect((await testApp.app.inject({ url: '/wps/backoffice/feedback' })).statusCode).toBe(401);
  });

  it('refuses content outside the word bounds', async () => {
    const few = await send({ content: words(4) });
    expect(few.statusCode).toBe(400);
    expect(few.json()).toMatchObject({ success: false, code: 'FEEDBACK_WORD_COUNT', value: { minWords: 5 } });
    const many = await send({ content: words(501) });
    expect(many.json()).toMatchObject({
      success: false,
      code: 'FEEDBACK_WORD_COUNT',
      value: { maxWords: 500 },
    });
  });

  it('refuses a fourth image, an image over 5 MB, and images that are not the member’s feedback uploads', async () => {
    const four = await Promise.all([1, 2, 3, 4].map(() => uploadId(player.authorization)));
    const tooMany = await send({ content: words(5), imageIds: four });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      success: false,
      code: 'TOO_MANY_IMAGES',
      value: { maxImages: 3 },
    });

    const huge = await upload(player.authorization, Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ success: false, code: 'UPLOAD_TOO_LARGE' });

    const agent = await loginAsMember(testApp, demoAgent.username);
    const theirs = await send({ content: words(5), imageIds: [await uploadId(agent.authorization)] });
    expect(theirs.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    const slip = await send({
      content: words(5),
      imageIds: [await uploadId(player.authorization, 'deposit_proof')],
    });
    expect(slip.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('follows the word bounds and the chat URL the operator sets for the brand', async () => {
    const staff = await operatorHeaders(testApp.app);
    const refused = await testApp.app.inject({
      method: 'PATCH',
      url: '/wps/backoffice/site/settings',
      headers: staff,
      payload: { feedbackWords: { min: 4, max: 2 } },
    });
    expect(refused.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    const changed = await testApp.app.inject({
      method: 'PATCH',
      url: '/wps/backoffice/site/settings',
      headers: staff,
      payload: { feedbackWords: { min: 2, max: 3 }, liveChatUrl: 'https://chat.example/brand' },
    });
    expect(changed.json()).toMatchObject({
      value: { feedbackWords: { min: 2, max: 3 }, liveChatUrl: 'https://chat.example/brand' },
    });
    const setting = await testApp.app.inject({ url: '/wps/feedback/setting' });
    expect(setting.json()).toMatchObject({ value: { minWords: 2, maxWords: 3 } });
    expect((await send({ content: words(4) })).json()).toMatchObject({ code: 'FEEDBACK_WORD_COUNT' });
    expect((await send({ content: words(2) })).json()).toMatchObject({ success: true });
    const chat = await testApp.app.inject({ url: '/wps/relay/CBS_launchChat' });
    expect(chat.json()).toMatchObject({ value: { chatUrl: 'https://chat.example/brand' } });
  });

  it('needs a session', async () => {
    const anonymous = await testApp.app.inject({
      method: 'PUT',
      url: '/wps/feedback',
      payload: { content: words(5) },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { testCaptchaAnswer } from '../../testing/test-app';
import { outboundMessages } from '../notifications/notifications.tables';

export type Body = { success: boolean; value: unknown; code?: string; message: string };

export const bodyOf = (response: LightMyRequestResponse): Body => response.json<Body>();

/** A visitor: keeps the captcha cookie between calls like a browser, and can pose as another address. */
export const createVisitor = (app: FastifyInstance, ip = '203.0.113.10') => {
  let cookies: Record<string, string> = {};
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await app.inject({
      method,
      url,
      headers: { 'x-forwarded-for': ip, ...headers },
      cookies,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    for (const cookie of response.cookies) cookies = { ...cookies, [cookie.name]: cookie.value };
    return response;
  };
  return {
    call,
    /** Fetches a captcha (setting its cookie) and answers the text every test captcha shows. */
    solveCaptcha: async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_050));
      const response = await call('GET', '/wps/captcha');
      if (response.statusCode !== 200) throw new Error(`captcha refused: ${response.body}`);
      return testCaptchaAnswer;
    },
  };
};

/** The newest code sent by SMS to a number, read from the development outbox. */
export const readSmsCode = async (db: Database, recipient: string): Promise<string> => {
  const [message] = await db
    .select()
    .from(outboundMessages)
    .where(eq(outboundMessages.recipient, recipient))
    .orderBy(desc(outboundMessages.id))
    .limit(1);
  const code = /code is (\d{6})/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no code was sent to ${recipient}`);
  return code;
};

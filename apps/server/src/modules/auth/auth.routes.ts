import {
  affiliateQuerySchema,
  affiliateResponseSchema,
  captchaResponseSchema,
  changePasswordRequestSchema,
  completePasswordResetRequestSchema,
  emptySuccessSchema,
  forgotPasswordByEmailRequestSchema,
  forgotPasswordByPhoneRequestSchema,
  freePlayRequestSchema,
  loginRequestSchema,
  memberIconResponseSchema,
  memberInfoResponseSchema,
  registerRequestSchema,
  resumedSessionResponseSchema,
  sessionResponseSchema,
  smsRequestSchema,
  smsResponseSchema,
  updateLanguageRequestSchema,
} from '@wps/contracts/auth';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { encryptionKeyResponseSchema } from '@wps/contracts/body-cipher';
import { type AuthService, authLimits } from './auth.service';
import type { BodyKeyring } from './encrypted-body';
import { clearSessionCookie, sessionCookie, setSessionCookie } from './session-cookie';

const tags = ['auth'];
const captchaCookie = 'wps_captcha';

const setCookie = (
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: string,
  maxAgeMs: number,
  path: string,
) =>
  reply.setCookie(name, value, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path,
    maxAge: Math.floor(maxAgeMs / 1000),
  });

type AuthRouteDependencies = {
  auth: AuthService;
  requireMember: preHandlerAsyncHookHandler;
  /** The guards of what a session that must change its password may still do (logout, info, the change). */
  requireMemberDuringPasswordChange: preHandlerAsyncHookHandler;
  requireRealMemberDuringPasswordChange: preHandlerAsyncHookHandler;
  /** Opens the spec's "encrypt" bodies before validation (and refuses plain ones where the brand says so). */
  decryptBody: (request: FastifyRequest) => Promise<void>;
  bodyKeyring: BodyKeyring;
};

export const authRoutes =
  ({
    auth,
    requireMember,
    requireMemberDuringPasswordChange,
    requireRealMemberDuringPasswordChange,
    decryptBody,
    bodyKeyring,
  }: AuthRouteDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const encrypted = { preValidation: decryptBody };

    app.get(
      '/system/encryption-key',
      { schema: { tags, response: { 200: encryptionKeyResponseSchema, ...failureResponses } } },
      async () => ok(await bodyKeyring.getPublicKey()),
    );

    const session = (schema: typeof sessionResponseSchema) => ({ 200: schema, ...failureResponses });

    app.get(
      '/captcha',
      { schema: { tags, response: { 200: captchaResponseSchema, ...failureResponses } } },
      async (request, reply) => {
        const { captchaId, image } = await auth.issueCaptcha(request.visitor, request.cookies[captchaCookie]);
        setCookie(request, reply, captchaCookie, captchaId, authLimits.captchaLifetimeMs, '/wps');
        return ok(image);
      },
    );

    for (const purpose of ['register', 'noLogin'] as const) {
      app.post(
        `/verification/sms/${purpose}`,
        {
          schema: { tags, body: smsRequestSchema, response: { 200: smsResponseSchema, ...failureResponses } },
        },
        async (request) =>
          ok(
            await auth.requestSmsCode(
              request.visitor,
              purpose,
              request.body.countryDialingCode,
              request.body.mobileNo ?? request.body.mobileNum ?? '',
            ),
          ),
      );
    }

    for (const [url, mode] of [
      ['/member/register', 'username'],
      ['/member/register/mobile', 'mobile'],
    ] as const) {
      app.put(
        url,
        {
          ...encrypted,
          schema: { tags, body: registerRequestSchema, response: session(sessionResponseSchema) },
        },
        async (request, reply) => {
          const value = await auth.register(
            request.visitor,
            mode,
            request.body,
            request.cookies[captchaCookie],
          );
          setSessionCookie(request, reply, value.token, false);
          return ok(value);
        },
      );
    }

    app.post(
      '/session/login',
      { ...encrypted, schema: { tags, body: loginRequestSchema, response: session(sessionResponseSchema) } },
      async (request, reply) => {
        const value = await auth.login(request.visitor, request.body, request.cookies[captchaCookie]);
        setSessionCookie(request, reply, value.token, request.body.remember === true);
        return ok(value);
      },
    );

    app.post(
      '/session/login/freeplay',
      { schema: { tags, body: freePlayRequestSchema.optional(), response: session(sessionResponseSchema) } },
      async (request, reply) => {
        const value = await auth.loginFreePlay(request.visitor);
        setSessionCookie(request, reply, value.token, false);
        return ok(value);
      },
    );

    app.post(
      '/session/remembered',
      { schema: { tags, response: { 200: resumedSessionResponseSchema, ...failureResponses } } },
      async (request, reply) => {
        const token = request.cookies[sessionCookie];
        const value = await auth.resumeSession(request.visitor, token);
        // A cookie whose session has ended is dropped, so the browser stops offering it.
        if (value === null && token !== undefined) clearSessionCookie(reply);
        return ok(value);
      },
    );

    app.delete(
      '/session/logout',
      {
        preHandler: requireMemberDuringPasswordChange,
        schema: { tags, response: { 200: emptySuccessSchema, ...failureResponses } },
      },
      async (request, reply) => {
        await auth.logout(request.visitor, request.memberSession);
        clearSessionCookie(reply);
        return ok(null);
      },
    );

    app.get(
      '/member/info',
      {
        preHandler: requireMemberDuringPasswordChange,
        schema: { tags, response: { 200: memberInfoResponseSchema, ...failureResponses } },
      },
      async (request) => ok(await auth.getMemberInfo(request.visitor, request.memberSession)),
    );

    app.get(
      '/member/info/icon',
      {
        preHandler: requireMember,
        schema: { tags, response: { 200: memberIconResponseSchema, ...failureResponses } },
      },
      async (request) => ok({ avatarUrl: request.member.avatarUrl }),
    );

    // Spec section 7, "getUpdateLanguage with a language field": a relay call like the site's other relays.
    app.post(
      '/relay/getUpdateLanguage',
      {
        preHandler: requireMember,
        schema: {
          tags,
          body: updateLanguageRequestSchema,
          response: { 200: emptySuccessSchema, ...failureResponses },
        },
      },
      async (request) => {
        await auth.updateLanguage(request.memberSession, request.body.language);
        return ok(null);
      },
    );

    app.post(
      '/member/password',
      {
        ...encrypted,
        preHandler: requireRealMemberDuringPasswordChange,
        schema: {
          tags,
          body: changePasswordRequestSchema,
          response: { 200: emptySuccessSchema, ...failureResponses },
        },
      },
      async (request) => {
        await auth.changePassword(request.visitor, request.memberSession, request.body);
        return ok(null, 'Password changed.');
      },
    );

    app.post(
      '/member/password/email',
      {
        schema: {
          tags,
          body: forgotPasswordByEmailRequestSchema,
          response: { 200: emptySuccessSchema, ...failureResponses },
        },
      },
      async (request) => {
        await auth.resetPasswordByEmail(request.visitor, {
          username: request.body.username,
          email: request.body.email,
          requestOrigin: `${request.protocol}://${request.host}`,
        });
        return ok(
          null,
          'If the username and email match an account, we have sent it a link to choose a new password.',
        );
      },
    );

    // Issue 19: the reset by email completes here, with the token of the link the email carried.
    app.post(
      '/member/password/email/complete',
      {
        ...encrypted,
        schema: {
          tags,
          body: completePasswordResetRequestSchema,
          response: { 200: emptySuccessSchema, ...failureResponses },
        },
      },
      async (request) => {
        await auth.completePasswordReset(request.visitor, request.body);
        return ok(null, 'Your password has been changed; please log in.');
      },
    );

    app.post(
      '/member/password/verification',
      {
        ...encrypted,
        schema: { tags, body: forgotPasswordByPhoneRequestSchema, response: session(sessionResponseSchema) },
      },
      async (request, reply) => {
        const value = await auth.resetPasswordByPhone(request.visitor, request.body);
        setSessionCookie(request, reply, value.token, false);
        return ok(value);
      },
    );

    app.get(
      '/agent/affiliate',
      {
        schema: {
          tags,
          querystring: affiliateQuerySchema,
          response: { 200: affiliateResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await auth.checkAffiliateCode(request.visitor, request.query.code)),
    );
  };

import type { ErrorCode } from '@wps/contracts/errors';
import {
  type SocialProvider,
  socialErrorParameter,
  socialSignInParamsSchema,
} from '@wps/contracts/social-sign-in';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { setSessionCookie } from './session-cookie';
import { type SocialSignIn, socialSignInLimits } from './social-sign-in';

const tags = ['auth'];
/** Holds the attempt's `state`, scoped to the provider's paths; the verifier and nonce stay in the database. */
const stateCookie = 'wps_social_state';
const cookiePath = (provider: SocialProvider) => `/wps/session/social/${provider}`;

/** The callback on the host the visitor used, which is also how the brand is chosen: no merchant header here. */
const callbackUrlOf = (request: FastifyRequest, provider: SocialProvider): string =>
  `${request.protocol}://${request.host}${cookiePath(provider)}/callback`;

/** Both routes are browser navigations, so every outcome is a redirect; none may be cached. */
const redirect = (reply: FastifyReply, location: string) =>
  reply.header('cache-control', 'no-store').redirect(location, 302);

const redirectToLogin = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
  let code: ErrorCode = 'INTERNAL_ERROR';
  if (error instanceof AppError) code = error.code;
  else request.log.error({ err: error }, 'social sign-in failed');
  return redirect(reply, `/login?${new URLSearchParams({ [socialErrorParameter]: code }).toString()}`);
};

/**
 * Social sign-in: `start` sends the visitor to the provider, `callback` brings them back to the site with a
 * session token in the query (the site moves it into session storage and strips it from the address).
 */
export const socialSignInRoutes =
  (social: SocialSignIn): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/session/social/:provider/start',
      { schema: { tags, params: socialSignInParamsSchema } },
      async (request, reply) => {
        const { provider } = request.params;
        let started: { authorizationUrl: URL; state: string };
        try {
          started = await social.start(request.visitor, provider, callbackUrlOf(request, provider));
        } catch (error) {
          return redirectToLogin(request, reply, error);
        }
        // Lax, not strict: the provider's redirect back is a cross-site top-level navigation.
        reply.setCookie(stateCookie, started.state, {
          httpOnly: true,
          sameSite: 'lax',
          secure: request.protocol === 'https',
          path: cookiePath(provider),
          maxAge: Math.floor(socialSignInLimits.attemptLifetimeMs / 1000),
        });
        return redirect(reply, started.authorizationUrl.href);
      },
    );

    app.get(
      '/session/social/:provider/callback',
      { schema: { tags, params: socialSignInParamsSchema } },
      async (request, reply) => {
        const { provider } = request.params;
        const boundState = request.cookies[stateCookie];
        reply.clearCookie(stateCookie, { path: cookiePath(provider) });
        const parameters = new URLSearchParams(request.url.split('?')[1] ?? '');
        let destination: URLSearchParams;
        try {
          const session = await social.complete(request.visitor, provider, parameters, boundState);
          // The browser's session cookie, as after any login: the member's other tabs are signed in too.
          setSessionCookie(request, reply, session.token, false);
          // The site runs its first-login action for a member created by this sign-in, as after registration.
          destination = new URLSearchParams({
            token: session.token,
            ...(session.firstTimeLogin ? { firstTimeLogin: '1' } : {}),
          });
        } catch (error) {
          return redirectToLogin(request, reply, error);
        }
        return redirect(reply, `/?${destination.toString()}`);
      },
    );
  };

import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** The account the provider's login page accepts (any password); its claims are those Google would give. */
export const testSocialAccount = {
  login: 'lotus.tester',
  name: 'Lotus Tester',
  email: 'lotus.tester@example.com',
} as const;

export type LocalOidcProvider = {
  /** `http://127.0.0.1:<port>`: an issuer the platform accepts over plain http because it is loopback. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  close: () => Promise<void>;
};

/**
 * A real OpenID Connect provider (panva's oidc-provider) on a free loopback port, for tests of social
 * sign-in: one confidential client with the given redirect URIs, PKCE required, one test account, and the
 * library's built-in login and consent pages, which a browser (or a test following forms) completes.
 */
export const startLocalOidcProvider = async ({
  redirectUris,
}: {
  redirectUris: string[];
}): Promise<LocalOidcProvider> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port.toString()}`;
  const clientId = 'wps-platform';
  const clientSecret = randomBytes(24).toString('base64url');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    jwks: {
      keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'local-test', use: 'sig', alg: 'RS256' }],
    },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    ttl: {
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 3_600,
      Grant: 3_600,
      AccessToken: 600,
      IdToken: 600,
    },
    // Like Google, put the scopes' claims into the ID token rather than only behind the userinfo endpoint.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    findAccount: (_context, accountId) =>
      accountId === testSocialAccount.login
        ? {
            accountId,
            claims: () => ({
              sub: accountId,
              name: testSocialAccount.name,
              email: testSocialAccount.email,
              email_verified: true,
            }),
          }
        : undefined,
  });
  const handleRequest = provider.callback();
  server.on('request', (request, response) => {
    void handleRequest(request, response);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  };
};

// The server's test provider (a real oidc-provider on a loopback port), shared rather than copied.
export {
  startLocalOidcProvider,
  testSocialAccount,
  type LocalOidcProvider,
} from '../../apps/server/src/testing/local-oidc-provider';

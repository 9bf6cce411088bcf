import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { platformPolicyDirectives } from './content-security-policy';

/**
 * Helmet's headers on every answer (the content security policy of this origin; a brand's pages set their own),
 * except on machine-to-machine routes (`machineCall`), whose answers no browser reads. Helmet's handler is built once here: the Fastify plugin for it builds a new one,
 * parsing the policy again, on every request, which the busiest JSON routes paid for nothing.
 */
export const registerSecurityHeaders = (
  app: FastifyInstance,
  directives: typeof platformPolicyDirectives,
): void => {
  const setHeaders = helmet({ contentSecurityPolicy: { useDefaults: false, directives } });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.machineCall === true) {
      done();
      return;
    }
    setHeaders(request.raw, reply.raw, () => {
      done();
    });
  });
};

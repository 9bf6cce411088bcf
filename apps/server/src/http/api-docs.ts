import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { anyStaffMember } from '../modules/backoffice/backoffice.guard';
import { operatorApiPrefix } from '../platform';

/** Where the public API documentation lives, and the operator API's document (staff only). */
export const apiDocsPath = '/docs';
export const operatorApiDocsPath = '/docs/operator/json';

const isOperatorPath = (path: string): boolean =>
  path === operatorApiPrefix || path.startsWith(`${operatorApiPrefix}/`);

/** The document with only the paths `keep` admits. */
const withPaths = (
  document: Readonly<Record<string, unknown>>,
  keep: (path: string) => boolean,
): Record<string, unknown> => {
  const paths = (document.paths ?? {}) as Record<string, unknown>;
  return { ...document, paths: Object.fromEntries(Object.entries(paths).filter(([path]) => keep(path))) };
};

/**
 * The OpenAPI documents, registered before any route so that every route is described. `/docs` (the page,
 * its JSON and YAML) is public and describes the player API only: the operator API (`/wps/backoffice`) is
 * left out, whatever the environment, so its routes are no map for an attacker.
 */
export const registerApiDocs = async (app: FastifyInstance): Promise<void> => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'WPS platform API',
        description:
          'Every /wps answer is the envelope { success, value, message } with a stable code on failure.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: apiDocsPath,
    transformSpecification: (document) => withPaths(document, (path) => !isOperatorPath(path)),
  });
};

/**
 * The operator API's document, for staff only (the staff guard: a live staff session from an allowed
 * address): `GET /docs/operator/json` with the console's Authorization header.
 */
export const registerOperatorApiDocs = (
  app: FastifyInstance,
  requireStaff: (request: FastifyRequest) => Promise<void>,
): void => {
  // Any signed-in staff member may read it, whatever their role.
  const config = { permission: anyStaffMember } as const;
  app.get(operatorApiDocsPath, { config, schema: { hide: true }, preHandler: requireStaff }, async () =>
    withPaths(app.swagger() as unknown as Record<string, unknown>, isOperatorPath),
  );
};

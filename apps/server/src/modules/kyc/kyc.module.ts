import { apiPrefix, defineModule, operatorApiPrefix } from '../../platform';
import { kycAdminRoutes } from './kyc-admin.routes';
import { kycRoutes } from './kyc.routes';
import { createKycService, type KycService } from './kyc.service';

export type KycModule = { kyc: KycService };

declare module 'fastify' {
  interface FastifyInstance {
    kyc: KycModule;
  }
}

/**
 * Age and identity: members' documents, staff's review of them and the tier they give; each brand's rule for
 * withdrawals that wait for a tier (payments asks it, and releases them when told a member reached the tier).
 * Registered before payments, which builds on it.
 */
export const kycModule = defineModule(
  'kyc',
  ['site', 'members', 'auth', 'backoffice', 'uploads', 'wallet'],
  async (app) => {
    const { database } = app.platform;
    const kyc = createKycService({
      db: database.db,
      members: app.members.members,
      uploads: app.uploads.uploads,
      wallet: app.wallet.wallet,
    });
    // Document images are kept by the upload purge while a document refers to them.
    app.uploads.uploads.registerReferences('kyc', (candidates) => kyc.referencedUploads(candidates));
    app.decorate('kyc', { kyc });
    await app.register(
      kycRoutes({
        kyc,
        requireMember: app.auth.requireMember,
        requireRealMember: app.auth.requireRealMember,
      }),
      { prefix: apiPrefix },
    );
    await app.register(kycAdminRoutes(kyc, { ...app.backoffice, requireBrand: app.site.requireBrand }), {
      prefix: operatorApiPrefix,
    });
  },
);

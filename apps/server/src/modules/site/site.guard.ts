import type { FastifyInstance, FastifyRequest } from 'fastify';
import { visitorOf, type VisitorContext } from '../../http/request-context';
import type { BrandRow } from './site.repository';
import type { BrandContext, SiteService } from './site.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is asking: merchant header, host and address (derived from the request, no guard needed). */
    readonly visitor: VisitorContext;
    /** What the brand guard resolved (the member guard uses it too); read it through the two getters below. */
    resolvedBrand: BrandContext | null;
    /** The brand with its flags and rules; reading it on a route without a brand guard is a programming error. */
    readonly brandContext: BrandContext;
    /** The brand the request selects (`brandContext.brand`). */
    readonly brand: BrandRow;
  }
}

/** The request decorations of the brand context; registered once, before any route. */
export const decorateBrandContext = (app: FastifyInstance): void => {
  app.decorateRequest('visitor', {
    getter(this: FastifyRequest) {
      return visitorOf(this);
    },
  });
  app.decorateRequest('resolvedBrand', null);
  app.decorateRequest('brandContext', {
    getter(this: FastifyRequest) {
      if (!this.resolvedBrand)
        throw new Error(`${this.routeOptions.url ?? this.url} reads the brand without a guard`);
      return this.resolvedBrand;
    },
  });
  app.decorateRequest('brand', {
    getter(this: FastifyRequest) {
      return this.brandContext.brand;
    },
  });
};

/**
 * The one brand lookup for a request: the merchant header, else the host, else the platform's default brand
 * (the player site and the operator console name a brand the same way). A caller that is not a visitor of the
 * brand's site (a payment gateway's notice) names the merchant another way: `merchantOf`.
 */
export const createBrandGuard =
  (site: SiteService, merchantOf?: (request: FastifyRequest) => string | undefined) =>
  async (request: FastifyRequest): Promise<void> => {
    const { visitor } = request;
    request.resolvedBrand ??= await site.getBrandContext(
      merchantOf ? { ...visitor, merchantCode: merchantOf(request) ?? visitor.merchantCode } : visitor,
    );
  };

import type { StaffRole } from '@wps/contracts/backoffice';
import type { SuccessEnvelope } from '@wps/contracts/envelope';
import {
  adminAnnouncementListResponseSchema,
  adminAnnouncementResponseSchema,
  adminBannerListResponseSchema,
  adminBannerResponseSchema,
  adminHelpArticleListResponseSchema,
  adminHelpArticleResponseSchema,
  announcementInputSchema,
  bannerInputSchema,
  contentItemParamsSchema,
  contentParamsSchema,
  deletedResponseSchema,
  helpArticleInputSchema,
} from '@wps/contracts/content';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { AuditActor } from '../audit/audit.service';
import { assertStaffRole } from '../backoffice/backoffice.service';
import type { SiteService } from '../site/site.service';
import type { ContentService } from './content.service';

const tags = ['backoffice: content'];
/** What players read is the site's voice: admins and support staff change it; every staff member may look. */
const changeRoles: readonly StaffRole[] = ['admin', 'support'];

/**
 * Operator endpoints of a brand's content (under /wps/backoffice/content/:merchantCode): banners,
 * announcements and help articles, listed, created, replaced and deleted; every change is audited.
 */
export const contentAdminRoutes =
  ({
    content,
    site,
    requireStaff,
  }: {
    content: ContentService;
    site: SiteService;
    requireStaff: preHandlerAsyncHookHandler;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireStaff);

    const staffOf = (request: FastifyRequest, roles?: readonly StaffRole[]) => {
      const staff = request.staff;
      if (!staff) throw new AppError('UNAUTHORIZED');
      if (roles) assertStaffRole(staff, roles);
      return { type: 'staff' as const, id: staff.id, ip: request.ip };
    };
    const brandIdOf = async (request: FastifyRequest, merchantCode: string) =>
      (await site.resolveBrand({ merchantCode, host: '', ip: request.ip })).id;

    /** One collection's four routes: list, create, replace and delete, each scoped to the brand. */
    const registerCollection = <Input extends z.ZodType, Item, List>(collection: {
      path: string;
      input: Input;
      item: z.ZodType<SuccessEnvelope<Item>>;
      list: z.ZodType<SuccessEnvelope<List>>;
      read: (brandId: bigint) => Promise<List>;
      create: (actor: AuditActor, brandId: bigint, input: z.output<Input>) => Promise<Item>;
      update: (actor: AuditActor, brandId: bigint, id: bigint, input: z.output<Input>) => Promise<Item>;
      remove: (actor: AuditActor, brandId: bigint, id: bigint) => Promise<{ id: string }>;
    }) => {
      const base = `/content/:merchantCode/${collection.path}`;
      // The type provider cannot narrow a generic schema's output; the body was validated against it.
      const bodyOf = (body: unknown) => body as z.output<Input>;
      app.get(
        base,
        {
          schema: {
            tags,
            params: contentParamsSchema,
            response: { 200: collection.list, ...failureResponses },
          },
        },
        async (request) => {
          staffOf(request);
          return ok(await collection.read(await brandIdOf(request, request.params.merchantCode)));
        },
      );
      app.post(
        base,
        {
          schema: {
            tags,
            description: 'HTML content is sanitised before it is stored.',
            params: contentParamsSchema,
            body: collection.input,
            response: { 200: collection.item, ...failureResponses },
          },
        },
        async (request) => {
          const actor = staffOf(request, changeRoles);
          const brandId = await brandIdOf(request, request.params.merchantCode);
          return ok(await collection.create(actor, brandId, bodyOf(request.body)));
        },
      );
      app.put(
        `${base}/:id`,
        {
          schema: {
            tags,
            description: 'Replaces the whole item; HTML content is sanitised before it is stored.',
            params: contentItemParamsSchema,
            body: collection.input,
            response: { 200: collection.item, ...failureResponses },
          },
        },
        async (request) => {
          const actor = staffOf(request, changeRoles);
          const brandId = await brandIdOf(request, request.params.merchantCode);
          return ok(await collection.update(actor, brandId, BigInt(request.params.id), bodyOf(request.body)));
        },
      );
      app.delete(
        `${base}/:id`,
        {
          schema: {
            tags,
            params: contentItemParamsSchema,
            response: { 200: deletedResponseSchema, ...failureResponses },
          },
        },
        async (request) => {
          const actor = staffOf(request, changeRoles);
          const brandId = await brandIdOf(request, request.params.merchantCode);
          return ok(await collection.remove(actor, brandId, BigInt(request.params.id)));
        },
      );
    };

    registerCollection({
      path: 'banners',
      input: bannerInputSchema,
      item: adminBannerResponseSchema,
      list: adminBannerListResponseSchema,
      read: content.adminListBanners,
      create: content.createBanner,
      update: content.updateBanner,
      remove: content.deleteBanner,
    });
    registerCollection({
      path: 'announcements',
      input: announcementInputSchema,
      item: adminAnnouncementResponseSchema,
      list: adminAnnouncementListResponseSchema,
      read: content.adminListAnnouncements,
      create: content.createAnnouncement,
      update: content.updateAnnouncement,
      remove: content.deleteAnnouncement,
    });
    registerCollection({
      path: 'help-articles',
      input: helpArticleInputSchema,
      item: adminHelpArticleResponseSchema,
      list: adminHelpArticleListResponseSchema,
      read: content.adminListHelpArticles,
      create: content.createHelpArticle,
      update: content.updateHelpArticle,
      remove: content.deleteHelpArticle,
    });
  };

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
  deletedResponseSchema,
  helpArticleInputSchema,
} from '@wps/contracts/content';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { AuditActor } from '../audit/audit.service';
import { type StaffGuards, staffActorOf } from '../backoffice/backoffice.guard';
import type { ContentService } from './content.service';

const tags = ['backoffice: content'];
/** What players read is the site's voice: changing it is its own permission, looking another. */
const change = { permission: 'content.edit' } as const;

/**
 * Operator endpoints of the content of the brand the request names (x-merchant-code), under
 * /wps/backoffice/content: banners, announcements and help articles, listed, created, replaced and deleted;
 * every change is audited.
 */
export const contentAdminRoutes =
  ({
    content,
    requireStaff,
    requirePermission,
    requireBrand,
  }: {
    content: ContentService;
    requireBrand: preHandlerAsyncHookHandler;
  } & Pick<StaffGuards, 'requireStaff' | 'requirePermission'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);
    app.addHook('onRoute', requirePermission('content.view'));
    app.addHook('preHandler', requireBrand);

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
      const base = `/content/${collection.path}`;
      // The type provider cannot narrow a generic schema's output; the body was validated against it.
      const bodyOf = (body: unknown) => body as z.output<Input>;
      app.get(
        base,
        { schema: { tags, response: { 200: collection.list, ...failureResponses } } },
        async (request) => ok(await collection.read(request.brand.id)),
      );
      app.post(
        base,
        {
          config: change,
          schema: {
            tags,
            description: 'HTML content is sanitised before it is stored.',
            body: collection.input,
            response: { 200: collection.item, ...failureResponses },
          },
        },
        async (request) =>
          ok(await collection.create(staffActorOf(request), request.brand.id, bodyOf(request.body))),
      );
      app.put(
        `${base}/:id`,
        {
          config: change,
          schema: {
            tags,
            description: 'Replaces the whole item; HTML content is sanitised before it is stored.',
            params: contentItemParamsSchema,
            body: collection.input,
            response: { 200: collection.item, ...failureResponses },
          },
        },
        async (request) => {
          const id = BigInt(request.params.id);
          return ok(
            await collection.update(staffActorOf(request), request.brand.id, id, bodyOf(request.body)),
          );
        },
      );
      app.delete(
        `${base}/:id`,
        {
          config: change,
          schema: {
            tags,
            params: contentItemParamsSchema,
            response: { 200: deletedResponseSchema, ...failureResponses },
          },
        },
        async (request) =>
          ok(await collection.remove(staffActorOf(request), request.brand.id, BigInt(request.params.id))),
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

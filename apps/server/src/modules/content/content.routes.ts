import {
  announcementListQuerySchema,
  announcementListResponseSchema,
  bannerImageParamsSchema,
  bannersQuerySchema,
  bannersResponseSchema,
  contentQuerySchema,
  contentResponseSchema,
  helpQuerySchema,
  helpResponseSchema,
} from '@wps/contracts/content';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { BannerImages } from './banner-images';
import type { ContentService } from './content.service';

const tags = ['content'];

/** Public content calls (under /wps): banners, announcements and notices, and the help centre. */
export const contentRoutes =
  ({
    content,
    bannerImages,
    requireBrand,
  }: {
    content: ContentService;
    bannerImages: BannerImages;
    requireBrand: (request: FastifyRequest) => Promise<void>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireBrand);

    app.get(
      '/relay/CSP_getContent',
      {
        schema: {
          tags,
          description:
            'The notice and announcement content call: types B (banners), PL (player notices), PU (the popup, for the execution audience: A logged in, B anonymous, F first-time login), PR (promotion notices), H (help notices); platform W.',
          querystring: contentQuerySchema,
          response: { 200: contentResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await content.getContent(request.brand.id, request.query)),
    );

    app.get(
      '/relay/CSP_getBanners',
      {
        schema: {
          tags,
          description: 'Banners of one group (w_home, w_login, w_register, w_leftmenu, w_forget), in order.',
          querystring: bannersQuerySchema,
          response: { 200: bannersResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(await content.listBanners(request.brand.id, request.query.groupName, request.query.language)),
    );

    app.get(
      '/content/banner-images/:uploadId',
      {
        schema: {
          tags,
          description: 'A banner picture an operator uploaded, while a banner of the brand shows it.',
          params: bannerImageParamsSchema,
        },
      },
      async (request, reply) => {
        const { row, data } = await bannerImages.read(request.brand.id, request.params.uploadId);
        // The path names the upload, so a changed picture is a new URL and a day's caching is safe.
        return reply
          .header('content-type', row.contentType)
          .header('cache-control', 'public, max-age=86400')
          .header('content-disposition', 'inline')
          .send(data);
      },
    );

    app.get(
      '/relay/MCSFE_getListAnnouncements',
      {
        schema: {
          tags,
          description: 'Announcements and notices in force (PL, PU, PR), newest first, a page at a time.',
          querystring: announcementListQuerySchema,
          response: { 200: announcementListResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await content.listAnnouncements(request.brand.id, request.query)),
    );

    for (const path of ['/relay/getHelpV2', '/system/helpCenter']) {
      app.get(
        path,
        {
          schema: {
            tags,
            description: "The help centre's sections for a language (lang) and device (WEB or H5).",
            querystring: helpQuerySchema,
            response: { 200: helpResponseSchema, ...failureResponses },
          },
        },
        async (request) => {
          const { brand } = request;
          return ok(
            await content.getHelp(brand.id, request.query.lang, request.query.device, brand.defaultLanguage),
          );
        },
      );
    }
  };

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import {
  type GameImageService,
  type ListVendorColour,
  type PngImage,
  listVendorColours,
} from './game-images';

/** Generated art changes only when a name does: a day fresh, then revalidated by ETag. */
const cacheControl = 'public, max-age=86400, stale-while-revalidate=604800';
const vendorCode = '[A-Z0-9_]{2,24}';
const smallIconFile = new RegExp(`^(${vendorCode})-(DEFAULT|ACTIVE)\\.png$`);
const listFolder = /^([A-Z]{2,16})_LIST_VENDOR$/;
const listFile = new RegExp(`^(${vendorCode})-(WHITE|COLOR|PURPLE)\\.png$`);
const submenuFile = new RegExp(`^([A-Z]{2,16})-(${vendorCode})\\.png$`);
const vendorPattern = new RegExp(`^${vendorCode}$`);
const gameFile = /^([A-Za-z0-9_.-]{1,64})\.png$/;
const uploadIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const isListColour = (value: string): value is ListVendorColour =>
  (listVendorColours as readonly string[]).includes(value);

const send = (request: FastifyRequest, reply: FastifyReply, image: PngImage | undefined) => {
  if (!image) throw new AppError('NOT_FOUND');
  reply
    .header('cache-control', cacheControl)
    .header('etag', image.etag)
    // Brand sites on other domains and image CDNs embed these.
    .header('cross-origin-resource-policy', 'cross-origin');
  if (request.headers['if-none-match'] === image.etag) return reply.code(304).send();
  return reply.type('image/png').send(image.png);
};

type Params = Record<string, string>;

/**
 * The spec's image paths, at the root (outside /wps): game icons (and their large variant under `large/`),
 * the default icon, vendor icons, vendor list labels and submenu cards. Unknown games and vendors are 404, so
 * the site falls back to /TCG_GAME_ICONS/default.png.
 */
export const gameImageRoutes =
  (images: GameImageService): FastifyPluginAsync =>
  async (app) => {
    app.get('/TCG_GAME_ICONS/default.png', async (request, reply) =>
      send(request, reply, await images.defaultIcon()),
    );

    const gameIcon = (size: 'small' | 'large') => async (request: FastifyRequest, reply: FastifyReply) => {
      const { vendor = '', file = '' } = request.params as Params;
      const gameCode = gameFile.exec(file)?.[1];
      if (!vendorPattern.test(vendor) || gameCode === undefined) throw new AppError('NOT_FOUND');
      return send(request, reply, await images.gameIcon(vendor, gameCode, size));
    };
    app.get('/TCG_GAME_ICONS/:vendor/:file', gameIcon('small'));
    app.get('/TCG_GAME_ICONS/:vendor/large/:file', gameIcon('large'));

    app.get('/TCG_PROD_IMAGES/VENDOR_ICON_SMALL/:file', async (request, reply) => {
      const match = smallIconFile.exec((request.params as Params).file ?? '');
      const [, vendor, state] = match ?? [];
      if (vendor === undefined || (state !== 'DEFAULT' && state !== 'ACTIVE'))
        throw new AppError('NOT_FOUND');
      return send(request, reply, await images.vendorSmallIcon(vendor, state));
    });

    app.get('/TCG_PROD_IMAGES/SUBMENU_IMG/STYLE1/:file', async (request, reply) => {
      const [, gameType, vendor] = submenuFile.exec((request.params as Params).file ?? '') ?? [];
      if (gameType === undefined || vendor === undefined) throw new AppError('NOT_FOUND');
      return send(request, reply, await images.submenu(gameType, vendor));
    });

    app.get('/TCG_PROD_IMAGES/:folder/:file', async (request, reply) => {
      const { folder = '', file = '' } = request.params as Params;
      const gameType = listFolder.exec(folder)?.[1];
      const [, vendor, colour] = listFile.exec(file) ?? [];
      if (gameType === undefined || vendor === undefined || colour === undefined || !isListColour(colour)) {
        throw new AppError('NOT_FOUND');
      }
      return send(request, reply, await images.listVendor(gameType, vendor, colour));
    });
  };

/**
 * Pictures operators uploaded for games (`uploadedGameImagePath`), to anyone while a game shows them. A new
 * picture is a new path, so a day's caching is safe.
 */
export const uploadedGameImageRoutes =
  (
    readImage: (uploadId: string) => Promise<{ row: { contentType: string }; data: Buffer }>,
  ): FastifyPluginAsync =>
  async (app) => {
    app.get('/TCG_GAME_ICONS/uploaded/:uploadId', async (request, reply) => {
      const { uploadId = '' } = request.params as Params;
      if (!uploadIdPattern.test(uploadId)) throw new AppError('NOT_FOUND');
      const { row, data } = await readImage(uploadId);
      return reply
        .header('cache-control', 'public, max-age=86400')
        .header('cross-origin-resource-policy', 'cross-origin')
        .type(row.contentType)
        .send(data);
    });
  };

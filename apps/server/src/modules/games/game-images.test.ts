import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { catalogueKit } from './catalogue.test-helpers';
import { gameIconSvg, listVendorSvg, vendorSmallIconSvg } from './game-images';

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('game and vendor images', () => {
  let subject: TestApp;
  let kit: ReturnType<typeof catalogueKit>;
  beforeAll(async () => {
    subject = await createTestApp();
    kit = catalogueKit(subject);
  });
  afterAll(() => subject.close());

  const image = async (url: string, headers: Record<string, string> = {}) => {
    const response = await subject.app.inject({ method: 'GET', url, headers });
    return { response, body: response.rawPayload };
  };
  const size = (png: Buffer) => {
    const decoded = PNG.sync.read(png);
    return [decoded.width, decoded.height];
  };

  it('serves the default icon and every game card’s icon and large icon as PNG', async () => {
    const fallback = await image('/TCG_GAME_ICONS/default.png');
    expect(fallback.response.statusCode).toBe(200);
    expect(fallback.response.headers['content-type']).toBe('image/png');
    expect(fallback.body.subarray(0, 8)).toEqual(pngSignature);

    const [card] = (await kit.gameList({ gameName: 'piñata' })).games;
    if (!card) throw new Error('no card');
    const icon = await image(card.iconUrl);
    const large = await image(card.lagerIcon);
    expect(icon.response.statusCode).toBe(200);
    expect(icon.body.subarray(0, 8)).toEqual(pngSignature);
    expect(size(icon.body)).toEqual([240, 240]);
    expect(size(large.body)).toEqual([480, 480]);
    expect(icon.response.headers['cache-control']).toContain('max-age=');
    expect(icon.response.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('answers 404 for unknown games and vendors, so the site falls back to the default icon', async () => {
    for (const url of [
      '/TCG_GAME_ICONS/PG/NO-SUCH-GAME.png',
      '/TCG_GAME_ICONS/NOPE/PG-S0001.png',
      '/TCG_GAME_ICONS/PG/PG-S0001.jpg',
      '/TCG_GAME_ICONS/pg/PG-S0001.png',
      '/TCG_PROD_IMAGES/VENDOR_ICON_SMALL/NOPE-DEFAULT.png',
      '/TCG_PROD_IMAGES/VENDOR_ICON_SMALL/PG-BLUE.png',
      '/TCG_PROD_IMAGES/RNG_LIST_VENDOR/NOPE-WHITE.png',
      '/TCG_PROD_IMAGES/CASINO_LIST_VENDOR/PG-WHITE.png',
      '/TCG_PROD_IMAGES/RNG_OTHER/PG-WHITE.png',
      '/TCG_PROD_IMAGES/SUBMENU_IMG/STYLE1/RNG-NOPE.png',
    ]) {
      const { response } = await image(url);
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('serves vendor icons, list labels and submenu cards, also for the shared TY code and LOTT as ELOTT', async () => {
    for (const url of [
      '/TCG_PROD_IMAGES/VENDOR_ICON_SMALL/PG-DEFAULT.png',
      '/TCG_PROD_IMAGES/VENDOR_ICON_SMALL/PG-ACTIVE.png',
      '/TCG_PROD_IMAGES/RNG_LIST_VENDOR/PG-WHITE.png',
      '/TCG_PROD_IMAGES/LIVE_LIST_VENDOR/BGS-COLOR.png',
      '/TCG_PROD_IMAGES/ESPORTS_LIST_VENDOR/IA-PURPLE.png',
      '/TCG_PROD_IMAGES/ELOTT_LIST_VENDOR/TCG-COLOR.png',
      '/TCG_PROD_IMAGES/SUBMENU_IMG/STYLE1/COCKFIGHT-DS88.png',
      '/TCG_PROD_IMAGES/SUBMENU_IMG/STYLE1/ELOTT-TCG_LOTTO_VN.png',
    ]) {
      const { response, body } = await image(url);
      expect(response.statusCode, url).toBe(200);
      expect(body.subarray(0, 8), url).toEqual(pngSignature);
    }
    const active = await image('/TCG_PROD_IMAGES/VENDOR_ICON_SMALL/PG-ACTIVE.png');
    const inactive = await image('/TCG_PROD_IMAGES/VENDOR_ICON_SMALL/PG-DEFAULT.png');
    expect(active.body.equals(inactive.body)).toBe(false);
  });

  it('answers 304 to a revalidation with the same ETag, and draws the same art every time', async () => {
    const first = await image('/TCG_GAME_ICONS/JDB/JDB-S0001.png');
    const etag = first.response.headers.etag;
    expect(typeof etag).toBe('string');
    const again = await image('/TCG_GAME_ICONS/JDB/JDB-S0001.png', { 'if-none-match': String(etag) });
    expect(again.response.statusCode).toBe(304);
    expect(again.body).toHaveLength(0);

    const game = { vendorCode: 'JDB', name: 'Café <Fortune> & "Friends"', gameType: 'RNG', isDemo: true };
    expect(gameIconSvg(game, 240)).toBe(gameIconSvg(game, 240));
    expect(gameIconSvg(game, 240)).toContain('Caf');
    expect(gameIconSvg(game, 240)).not.toContain('<Fortune>');
    expect(gameIconSvg(game, 240)).toContain('DEMO');
    expect(gameIconSvg({ ...game, isDemo: false }, 240)).not.toContain('DEMO');
    expect(gameIconSvg({ ...game, name: 'Other' }, 240)).not.toBe(gameIconSvg(game, 240));
  });
  it('draws each vendor’s own mark (initials, shape, colour), not one category badge for all', () => {
    const vendors = ['PG', 'EG2', 'PT', 'JDB', 'CQ9', 'FC', 'JL', 'BGS'];
    const marks = vendors.map((code) => listVendorSvg(code, 'COLOR').replace(/>[A-Z0-9]+<\/text>/g, ''));
    expect(new Set(marks).size).toBe(vendors.length);
    for (const code of vendors) {
      expect(listVendorSvg(code, 'WHITE')).toContain(`>${code}</text>`);
      expect(listVendorSvg(code, 'WHITE')).not.toContain('>RN</text>');
    }
    expect(vendorSmallIconSvg('PG', 'DEFAULT')).not.toBe(vendorSmallIconSvg('JDB', 'DEFAULT'));
  });
});

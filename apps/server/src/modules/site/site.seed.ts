import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { insertBrandDefaults } from './brand-defaults';
import { brandCustomerServices, brandDomains, brandResources, brands } from './site.tables';

export const demoMerchantCode = 'DEMO';

/** The demo brand and its configuration. Rows that exist are left alone, so operator changes survive. */
export const seedSiteDemo = async (db: Database): Promise<{ id: bigint }> => {
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(brands)
      .values({
        merchantCode: demoMerchantCode,
        siteName: 'Lucky Lotus',
        mainDomain: 'localhost',
        currency: 'USD',
        currencySymbol: '$',
        timeZone: 'Asia/Manila',
        supportedLanguages: ['EN', 'UR'],
        defaultLanguage: 'EN',
        imageCdns: [],
        launchGameCdns: [],
        // No third-party desk: the site's own chat room answers (operators may set one in the console).
        liveChatUrl: null,
        // Its own look: a deep night-purple casino with gold in the dark theme, purple on ivory in the light one.
        palette: {
          light: { background: '#f6f1fb', surface: '#ffffff', accent: '#7a1fa2' },
          dark: { background: '#12061f', surface: '#1d0b33', accent: '#f2c14e' },
        },
        // Set in Poppins, a round geometric face that suits the gold-on-night look.
        fonts: { body: 'poppins', headings: 'poppins' },
      })
      .onConflictDoNothing({ target: brands.merchantCode })
      .returning({ id: brands.id });
    if (!created) return;
    const brandId = created.id;

    await tx
      .insert(brandDomains)
      .values([
        { brandId, domainName: 'localhost', sortOrder: 0 },
        { brandId, domainName: '127.0.0.1', sortOrder: 1 },
      ])
      .onConflictDoNothing();

    await insertBrandDefaults(tx, brandId);

    await tx.insert(brandCustomerServices).values([
      {
        brandId,
        title: 'Telegram support',
        csType: 'TELEGRAM',
        path: 'https://t.me/lucky_lotus_support',
        sortOrder: 0,
      },
      { brandId, title: 'WhatsApp', csType: 'WHATSAPP', path: 'https://wa.me/10000000000', sortOrder: 1 },
    ]);

    await tx.insert(brandResources).values([
      {
        brandId,
        resourceType: 'TELEGRAM',
        url: 'https://t.me/lucky_lotus',
        labelNameEn: 'Telegram channel',
        sortOrder: 0,
      },
      {
        brandId,
        resourceType: 'FACEBOOK',
        url: 'https://facebook.com/luckylotus',
        labelNameEn: 'Facebook page',
        sortOrder: 1,
      },
    ]);
  });
  const [brand] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(eq(brands.merchantCode, demoMerchantCode));
  if (!brand) throw new Error('the demo brand was not created');
  return brand;
};

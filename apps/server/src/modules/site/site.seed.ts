import { validationPatterns, type ValidationPatternId } from '@wps/contracts/validation-patterns';
import {
  type RegisterField,
  type WhitelabelFlag,
  whitelabelFlagGroup,
  whitelabelGroups,
} from '@wps/contracts/site';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  brandCustomerServices,
  brandDomains,
  brandRegisterFields,
  brandResources,
  brands,
  brandWhitelabelModules,
} from './site.tables';

export const demoMerchantCode = 'DEMO';

const enabledFlags: readonly WhitelabelFlag[] = [
  'MOBILENUMREG3',
  'REGMOBVERF3',
  'FREEPLAY3',
  'PWDEXPFORCECHANGE3',
  'MOBILEVERCODELOGIN3',
  'AGENTPOLICY3',
  'MANPLAYREB3',
  'CHNGPASSVERIF3',
  'CHNGPASSMAIL3',
  'VIP3',
];

type FieldSeed = { required: boolean; patternId?: ValidationPatternId; min: number; max: number };
const registerFieldSeeds: Partial<Record<RegisterField, FieldSeed>> = {
  username: { required: true, patternId: 2, min: 6, max: 16 },
  // The password policy's bounds (OWASP ASVS 5.0: any characters, 8 to 128); the brand adds no pattern.
  password: { required: true, min: 8, max: 128 },
  payeeName: { required: false, patternId: 9, min: 2, max: 50 },
  paymentPassword: { required: false, patternId: 7, min: 6, max: 6 },
  mobileNum: { required: false, patternId: 7, min: 8, max: 11 },
  email: { required: false, patternId: 4, min: 5, max: 64 },
  affiliateCode: { required: false, min: 0, max: 32 },
  captcha: { required: true, min: 4, max: 4 },
};

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
        liveChatUrl: 'https://chat.lucky-lotus.example/room',
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

    await tx.insert(brandWhitelabelModules).values([
      ...whitelabelGroups.map((group, index) => ({
        brandId,
        modId: group,
        parentModId: null,
        isEnabled: true,
        sortOrder: index,
      })),
      ...Object.entries(whitelabelFlagGroup).map(([flag, group], index) => ({
        brandId,
        modId: flag,
        parentModId: group,
        isEnabled: enabledFlags.includes(flag as WhitelabelFlag),
        sortOrder: index,
      })),
    ]);

    await tx.insert(brandRegisterFields).values(
      Object.entries(registerFieldSeeds).map(([field, seed]) => ({
        brandId,
        field,
        isEnabled: true,
        isRequired: seed.required,
        acceptedPattern: seed.patternId ? validationPatterns[seed.patternId].source : '*',
        patternId: seed.patternId ?? null,
        minLength: seed.min,
        maxLength: seed.max,
      })),
    );

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

import { validationPatterns, type ValidationPatternId } from '@wps/contracts/validation-patterns';
import {
  type RegisterField,
  type WhitelabelFlag,
  whitelabelFlagGroup,
  whitelabelGroups,
} from '@wps/contracts/site';
import type { Executor } from '../../db/database';
import { brandRegisterFields, brandWhitelabelModules } from './site.tables';

/** The whitelabel flags a brand starts with on; the rest start off. */
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

/**
 * What every brand's site starts with, the demo's and one an operator creates alike: the whitelabel tree (its
 * groups on, the default flags on) and the registration form's rules. Written in the caller's transaction.
 */
export const insertBrandDefaults = async (tx: Executor, brandId: bigint): Promise<void> => {
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
};

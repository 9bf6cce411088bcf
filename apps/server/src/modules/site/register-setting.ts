import { type RegisterFieldRule, registerFields, type RegisterSetting } from '@wps/contracts/site';
import type { Executor } from '../../db/database';
import * as repository from './site.repository';
import type { BrandRow } from './site.repository';

const disabledRule: RegisterFieldRule = {
  enabled: false,
  required: false,
  acceptedPattern: '*',
  patternId: null,
  minLength: 0,
  maxLength: 0,
};

/** The brand's registration form: every field's rule (a field the brand never configured is off). */
export const readRegisterSetting = async (executor: Executor, brand: BrandRow): Promise<RegisterSetting> => {
  const rows = await repository.listRegisterFields(executor, brand.id);
  const fields = Object.fromEntries(
    registerFields.map((field) => {
      const row = rows.find((candidate) => candidate.field === field);
      const rule: RegisterFieldRule = row
        ? {
            enabled: row.isEnabled,
            required: row.isRequired,
            acceptedPattern: row.acceptedPattern,
            patternId: row.patternId,
            minLength: row.minLength,
            maxLength: row.maxLength,
          }
        : disabledRule;
      return [field, rule];
    }),
  ) as RegisterSetting['fields'];
  return { fields, minimumAge: brand.minimumAge };
};

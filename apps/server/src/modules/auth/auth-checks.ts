import { createHash } from 'node:crypto';
import type { FieldIssue } from '@wps/contracts/envelope';
import { type FieldErrors, formatRuleMessage, validationMessagesEn } from '@wps/contracts/validation-rules';
import { AppError } from '../../http/app-error';
import type { BrandContext } from '../site/site.service';

/** One-time answers (captchas, codes) are stored and compared only as this hash. */
export const hashCode = (value: string): string => createHash('sha256').update(value).digest('hex');

export const requireFlag = (context: BrandContext, flag: Parameters<BrandContext['isEnabled']>[0]): void => {
  if (!context.isEnabled(flag)) throw new AppError('FEATURE_DISABLED');
};

/** Field errors of the shared validation module, as the envelope's issues in English. */
const toIssues = (errors: FieldErrors): FieldIssue[] =>
  Object.entries(errors).map(([field, rule]) => ({
    field,
    message: formatRuleMessage(validationMessagesEn[rule.key] ?? rule.key, rule.values),
  }));

export const throwIfInvalid = (errors: FieldErrors): void => {
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', { issues: toIssues(errors) });
};

import type { TranslateRule } from '../../lib/use-site-form';
import { translateRuleMessage } from '../../lib/translate-message';
import type en from '../../locales/en.json';

export type SecurityRule = keyof typeof en.security_centre.validation;

/** Every rule of the security centre's own, so its keys are told from the shared ones (checked by the compiler). */
const securityRules: Record<SecurityRule, true> = {
  code_not_sent: true,
};
const isSecurityRule = (key: string): key is SecurityRule => Object.hasOwn(securityRules, key);

/**
 * The security centre's forms: their own rule keys (security_centre.validation.*), else the shared validation
 * messages the registration form uses (validation.*).
 */
export const translateSecurityRule: TranslateRule = (t, key, values) =>
  isSecurityRule(key)
    ? t(`security_centre.validation.${key}`)
    : translateRuleMessage(t, values === undefined ? { key } : { key, values });

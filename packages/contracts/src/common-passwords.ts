import { commonPasswordsText } from './common-passwords-list';

let commonPasswords: ReadonlySet<string> | undefined;

/**
 * Whether a password is one of the most common (OWASP ASVS 5.0: new passwords are checked against a list of
 * common ones), in any case: "Password1" is as common as "password1". The list is the shipped one
 * (common-passwords-list.ts, generated from @zxcvbn-ts/language-common); it is read into a set at the first
 * check. The site loads this module with its password forms only, not with its first page.
 */
export const isCommonPassword = (password: string): boolean => {
  commonPasswords ??= new Set(commonPasswordsText.split('\n'));
  return commonPasswords.has(password.toLowerCase());
};

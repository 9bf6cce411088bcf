import { describe, expect, it } from 'vitest';
import ranked from '@zxcvbn-ts/language-common/src/passwords.json';
import { commonPasswordsText } from './common-passwords-list';
import { isCommonPassword } from './common-passwords';

describe('common passwords', () => {
  it('are the shipped list generated from the package, unedited', () => {
    const expected = [
      ...new Set(
        ranked
          .slice(0, 10_000)
          .map((password) => password.toLowerCase())
          .filter((password) => Array.from(password).length >= 8 && Array.from(password).length <= 128),
      ),
    ];
    expect(commonPasswordsText.split('\n')).toEqual(expected);
  });

  it('refuse a common password in any case, and let an uncommon one through', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('Password1')).toBe(true);
    expect(isCommonPassword('QWERTYUIOP')).toBe(true);
    expect(isCommonPassword('Lotus-garden-42')).toBe(false);
    expect(isCommonPassword('correct horse battery staple')).toBe(false);
  });
});

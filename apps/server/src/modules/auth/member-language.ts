import type { LanguageCode } from '@wps/contracts/site';
import type { AuthUseCaseDependencies, MemberSession } from './auth.service';

/** The language the member chose on the site, so other devices and messages can follow it. */
export const updateLanguage = async (
  { db, members }: Pick<AuthUseCaseDependencies, 'db' | 'members'>,
  session: MemberSession,
  language: LanguageCode,
): Promise<void> => {
  await members.update(db, session.member.id, { language });
};

import { AppError } from '../../http/app-error';
import type { VisitorContext } from '../../http/request-context';
import type { MemberRow } from '../members/members.service';
import type { BrandContext } from '../site/site.service';
import type { AuthUseCaseDependencies } from './auth.service';
import { type CodeRecipient, consumeCode, sendCode } from './verification-codes';

/**
 * Login extra verification: a password login from an address the member has not used proves itself with a
 * code sent to the member's phone, or to the member's email when there is no phone. A member with neither
 * has nothing to prove it with and is let through.
 */
export const checkNewAddress = async (
  deps: Pick<AuthUseCaseDependencies, 'db' | 'members' | 'notifications'>,
  context: BrandContext,
  visitor: VisitorContext,
  member: MemberRow,
  verificationCode: string | undefined,
): Promise<void> => {
  const isNewAddress =
    member.lastLoginAt !== null && !(await deps.members.isKnownAddress(member.id, visitor.ip));
  if (!isNewAddress) return;
  const recipient: CodeRecipient | undefined =
    member.mobileNum && member.countryDialingCode
      ? { channel: 'sms', countryDialingCode: member.countryDialingCode, mobileNum: member.mobileNum }
      : member.email
        ? { channel: 'email', email: member.email }
        : undefined;
  if (!recipient) return;
  if (verificationCode === undefined) {
    await sendCode(deps, context, visitor, 'loginVerification', recipient);
    const hint =
      recipient.channel === 'sms'
        ? `****${recipient.mobileNum.slice(-4)}`
        : recipient.email.replace(/^(.{2}).*@/, '$1***@');
    throw new AppError('VERIFICATION_REQUIRED', { details: { verification: recipient.channel, hint } });
  }
  const isValid = await consumeCode(deps, context, 'loginVerification', recipient, verificationCode);
  if (!isValid)
    throw new AppError('VERIFICATION_CODE_INVALID', { details: { verification: recipient.channel } });
};

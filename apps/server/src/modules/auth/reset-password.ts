import { randomBytes } from 'node:crypto';
import type { SessionValue } from '@wps/contracts/auth';
import { isCommonPassword } from '@wps/contracts/common-passwords';
import { validateChangePassword, validateForgotByEmail } from '@wps/contracts/validation-rules';
import { AppError } from '../../http/app-error';
import type { VisitorContext } from '../../http/request-context';
import { hashPassword } from '../../lib/password-hashing';
import { type AttemptRule, takeAttempt } from '../attempts/attempts.service';
import type { BrandContext } from '../site/site.service';
import { hashCode, requireFlag, throwIfInvalid } from './auth-checks';
import { recordAuthEvent } from './auth-events';
import { minute } from './auth-limits';
import type { AuthUseCaseDependencies } from './auth.service';
import * as repository from './auth.repository';
import {
  insertPasswordResetToken,
  spendMemberPasswordResetTokens,
  spendPasswordResetToken,
} from './password-reset.repository';
import { normaliseDialingCode, normaliseMobile } from './phone-numbers';
import { openSession } from './sessions';
import { consumeCode } from './verification-codes';

/** A reset link works once, for this long; asking for one is limited per account and per address. */
export const passwordResetLimits = {
  linkLifetimeMs: 20 * minute,
  perAccount: { name: 'password-reset.account', limit: 3, windowMs: 60 * minute },
  perAddress: { name: 'password-reset.address', limit: 10, windowMs: 60 * minute },
} as const satisfies Record<string, number | AttemptRule>;

/**
 * Where the link sends the member: the brand's site origin (the site they asked from when its host is one of
 * the brand's domains, else the platform's public address: site-origins.ts), else the brand's main domain.
 * Never a host only the request names, so a forged Host header cannot point a member's link (and its token)
 * at another site.
 */
const resetLinkOrigin = async (
  deps: Pick<AuthUseCaseDependencies, 'site'>,
  context: BrandContext,
  visitor: VisitorContext,
  requestOrigin: string,
): Promise<string> =>
  (await deps.site.getSiteOrigin(visitor, requestOrigin)) ?? `https://${context.brand.mainDomain}`;

const tooManyResetRequests = () =>
  new AppError('RATE_LIMITED', { message: 'Too many reset requests, please try again later.' });

/**
 * The first step of a reset by email: when the username and the email match a member, mails them a link that
 * lets them choose a new password (the token stored only as its hash). Nothing else changes: the password keeps
 * working until the link is used. The answer is the same whether or not anything matched, and requests are
 * counted per account name and per address before anything is looked up.
 */
export const resetPasswordByEmail = async (
  deps: Pick<AuthUseCaseDependencies, 'db' | 'site' | 'members' | 'notifications'>,
  visitor: VisitorContext,
  input: { username: string; email: string; requestOrigin: string },
): Promise<void> => {
  const context = await deps.site.getBrandContext(visitor);
  requireFlag(context, 'CHNGPASSMAIL3');
  // The site's own checks (spec section 5): a name the brand's rule could never have made is refused as such.
  throwIfInvalid(validateForgotByEmail(input, { usernameRule: context.register.fields.username }));
  const username = input.username.trim();
  const perAddress = await takeAttempt(deps.db, passwordResetLimits.perAddress, visitor.ip);
  if (!perAddress.isAllowed) throw tooManyResetRequests();
  const accountKey = `${context.brand.id.toString()}:${username.toLowerCase()}`;
  const perAccount = await takeAttempt(deps.db, passwordResetLimits.perAccount, accountKey);
  if (!perAccount.isAllowed) throw tooManyResetRequests();
  const member = await deps.members.findByUsername(context.brand.id, username);
  const email = member?.email ?? null;
  const isMatch = email !== null && email.toLowerCase() === input.email.trim().toLowerCase();
  await recordAuthEvent(deps, context, visitor, {
    name: 'password.reset.email',
    account: username,
    memberId: member?.id,
    isSuccess: isMatch,
  });
  if (!member || !isMatch) return;
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await insertPasswordResetToken(deps.db, {
    tokenHash: hashCode(token),
    brandId: context.brand.id,
    memberId: member.id,
    ip: visitor.ip,
    expiresAt: new Date(now + passwordResetLimits.linkLifetimeMs),
  });
  const origin = await resetLinkOrigin(deps, context, visitor, input.requestOrigin);
  const link = `${origin}/forget?reset=${encodeURIComponent(token)}`;
  const minutes = passwordResetLimits.linkLifetimeMs / minute;
  // A failed delivery is recorded for the operator; telling the visitor would tell them the account exists.
  await deps.notifications.sendEmail(
    context.brand,
    email,
    `${context.brand.siteName}: reset your password`,
    `Hello ${member.username},\n\nTo choose a new password, open this link within ${String(minutes)} minutes:\n\n${link}\n\n` +
      'The link works once. If you did not ask for it, ignore this email: your password has not changed.\n',
  );
};

/**
 * The second step: the link's token and a new password. The token is spent in the same transaction that sets
 * the password, so a link works once; every session of the member ends and their other links stop working.
 */
export const completePasswordReset = async (
  deps: Pick<AuthUseCaseDependencies, 'db' | 'site' | 'members'>,
  visitor: VisitorContext,
  input: { token: string; newPassword: string },
): Promise<void> => {
  const context = await deps.site.getBrandContext(visitor);
  requireFlag(context, 'CHNGPASSMAIL3');
  throwIfInvalid(
    validateChangePassword(
      { newPassword: input.newPassword, confirmNewPassword: input.newPassword },
      { passwordRule: context.register.fields.password, isOldPasswordRequired: false, isCommonPassword },
    ),
  );
  const passwordHash = await hashPassword(input.newPassword);
  const now = new Date();
  const memberId = await deps.db.transaction(async (tx) => {
    const owner = await spendPasswordResetToken(tx, context.brand.id, hashCode(input.token), now);
    if (owner === undefined) return undefined;
    await deps.members.update(tx, owner, { passwordHash, passwordChangedAt: now, mustChangePassword: false });
    await repository.revokeMemberSessions(tx, owner);
    await spendMemberPasswordResetTokens(tx, owner, now);
    return owner;
  });
  await recordAuthEvent(deps, context, visitor, {
    name: 'password.reset.email.complete',
    account: memberId === undefined ? '' : memberId.toString(),
    memberId,
    isSuccess: memberId !== undefined,
  });
  if (memberId === undefined) throw new AppError('RESET_LINK_INVALID');
};

/** A new password proved by a code sent to the member's phone; every other session ends, a new one opens. */
export const resetPasswordByPhone = async (
  deps: Pick<AuthUseCaseDependencies, 'db' | 'site' | 'members'>,
  visitor: VisitorContext,
  input: { mobileNum: string; countryDialingCode: string; verificationCode: string; newPassword: string },
): Promise<SessionValue> => {
  const context = await deps.site.getBrandContext(visitor);
  requireFlag(context, 'CHNGPASSVERIF3');
  throwIfInvalid(
    validateChangePassword(
      { newPassword: input.newPassword, confirmNewPassword: input.newPassword },
      { passwordRule: context.register.fields.password, isOldPasswordRequired: false, isCommonPassword },
    ),
  );
  const dialingCode = normaliseDialingCode(input.countryDialingCode);
  const member = await deps.members.findByMobile(
    context.brand.id,
    dialingCode,
    normaliseMobile(input.mobileNum),
  );
  const isValid =
    member !== undefined &&
    (await consumeCode(
      deps,
      context,
      'noLogin',
      { channel: 'sms', countryDialingCode: dialingCode, mobileNum: input.mobileNum },
      input.verificationCode,
    ));
  await recordAuthEvent(deps, context, visitor, {
    name: 'password.reset.phone',
    account: input.mobileNum,
    memberId: member?.id,
    isSuccess: isValid,
  });
  if (!member || !isValid) throw new AppError('VERIFICATION_CODE_INVALID');
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await deps.members.update(tx, member.id, {
      passwordHash,
      passwordChangedAt: new Date(),
      mustChangePassword: false,
    });
    await repository.revokeMemberSessions(tx, member.id);
  });
  return openSession(
    deps,
    context,
    visitor,
    { ...member, mustChangePassword: false, passwordChangedAt: new Date() },
    'reset',
  );
};

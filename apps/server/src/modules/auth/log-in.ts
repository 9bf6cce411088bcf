import { isAgentType, type LoginRequest, MemberType, type SessionValue } from '@wps/contracts/auth';
import { AppError } from '../../http/app-error';
import type { VisitorContext } from '../../http/request-context';
import { verifyAgainstDecoy, verifyPassword } from '../../lib/password-hashing';
import type { MemberRow } from '../members/members.service';
import type { BrandContext } from '../site/site.service';
import { requireFlag } from './auth-checks';
import { recordAuthEvent } from './auth-events';
import { authLimits } from './auth-limits';
import type { AuthUseCaseDependencies } from './auth.service';
import * as repository from './auth.repository';
import { verifyCaptcha } from './captcha';
import { checkNewAddress } from './login-verification';
import { normaliseDialingCode, normaliseMobile } from './phone-numbers';
import { openSession } from './sessions';
import { consumeCode } from './verification-codes';

type LogInDependencies = Pick<AuthUseCaseDependencies, 'db' | 'site' | 'members' | 'notifications'>;

const countAddressFailures = ({ db }: Pick<AuthUseCaseDependencies, 'db'>, visitor: VisitorContext) =>
  repository.countEventsFromAddress(
    db,
    visitor.ip,
    'login',
    new Date(Date.now() - authLimits.failureWindowMs),
    true,
  );

/** The captcha is asked after failures from the address or of the account; then it must be answered right. */
const requireCaptchaWhenAsked = async (
  deps: Pick<AuthUseCaseDependencies, 'db'>,
  isCaptchaRequired: boolean,
  captchaId: string | undefined,
  answer: string | undefined,
): Promise<void> => {
  if (!isCaptchaRequired) return;
  if (!answer) throw new AppError('CAPTCHA_REQUIRED', { details: { captcha: true } });
  if (!(await verifyCaptcha(deps, captchaId, answer))) {
    throw new AppError('CAPTCHA_INVALID', { details: { captcha: true } });
  }
};

/** Whether the password (or, for an SMS login, the code sent to the phone) is the member's. */
const verifyLoginSecret = async (
  deps: Pick<AuthUseCaseDependencies, 'db'>,
  context: BrandContext,
  input: LoginRequest,
  member: MemberRow | undefined,
  mobile: { dialingCode: string; account: string },
): Promise<boolean> =>
  input.type === 'sms'
    ? member !== undefined &&
      (await consumeCode(
        deps,
        context,
        'noLogin',
        { channel: 'sms', countryDialingCode: mobile.dialingCode, mobileNum: mobile.account },
        input.password,
      ))
    : member?.passwordHash
      ? await verifyPassword(member.passwordHash, input.password)
      : await verifyAgainstDecoy(input.password);

/** Counts a failed login toward the account's lock and the address's limit, and refuses it. */
const refuseFailedLogin = async (
  deps: Pick<AuthUseCaseDependencies, 'db' | 'members'>,
  context: BrandContext,
  visitor: VisitorContext,
  account: string,
  member: MemberRow | undefined,
): Promise<never> => {
  const failure = member
    ? await deps.members.recordFailedLogin(
        member.id,
        authLimits.lockAfterFailures,
        new Date(Date.now() + authLimits.lockMs),
      )
    : undefined;
  await recordAuthEvent(deps, context, visitor, {
    name: 'login',
    account,
    memberId: member?.id,
    isSuccess: false,
  });
  const isNowLocked =
    failure?.lockedUntil !== null && failure?.lockedUntil !== undefined && failure.lockedUntil > new Date();
  throw new AppError(isNowLocked ? 'ACCOUNT_LOCKED' : 'INVALID_CREDENTIALS', {
    details: { captcha: true },
  });
};

/** Who may log in where: active members and agents, and only agents in the agent area. */
const requireLoginAllowed = (member: MemberRow, loginArea: LoginRequest['loginArea']): void => {
  if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
  const isKnownType = member.type === MemberType.member || isAgentType(member.type);
  if (!isKnownType) throw new AppError('NON_MEMBER_LOGIN');
  if (loginArea === 'agent' && !isAgentType(member.type)) throw new AppError('NON_AGENT_LOGIN');
};

/** A login by password, or by a code sent to the member's phone (SMS login). */
export const logIn = async (
  deps: LogInDependencies,
  visitor: VisitorContext,
  input: LoginRequest,
  captchaId: string | undefined,
): Promise<SessionValue> => {
  const context = await deps.site.getBrandContext(visitor);
  const isSmsLogin = input.type === 'sms';
  if (isSmsLogin) requireFlag(context, 'MOBILEVERCODELOGIN3');
  const account = input.username.trim();
  const addressFailures = await countAddressFailures(deps, visitor);
  if (addressFailures >= authLimits.addressRefuseAfter) throw new AppError('RATE_LIMITED');

  const dialingCode = normaliseDialingCode(input.countryDialingCode ?? '');
  const member = isSmsLogin
    ? await deps.members.findByMobile(context.brand.id, dialingCode, normaliseMobile(account))
    : await deps.members.findByUsername(context.brand.id, account);
  const isCaptchaRequired =
    addressFailures >= authLimits.addressCaptchaAfter ||
    (member !== undefined && member.failedLoginCount > 0);
  await requireCaptchaWhenAsked(deps, isCaptchaRequired, captchaId, input.captcha);
  if (member?.lockedUntil && member.lockedUntil > new Date()) {
    await recordAuthEvent(deps, context, visitor, {
      name: 'login',
      account,
      memberId: member.id,
      isSuccess: false,
      detail: { reason: 'locked' },
    });
    throw new AppError('ACCOUNT_LOCKED', { details: { captcha: true } });
  }

  const isVerified = await verifyLoginSecret(deps, context, input, member, { dialingCode, account });
  if (!member || !isVerified) return refuseFailedLogin(deps, context, visitor, account, member);

  requireLoginAllowed(member, input.loginArea);
  if (!isSmsLogin) await checkNewAddress(deps, context, visitor, member, input.verificationCode);

  await recordAuthEvent(deps, context, visitor, {
    name: 'login',
    account,
    memberId: member.id,
    isSuccess: true,
    detail: { method: input.type },
  });
  return openSession(
    deps,
    context,
    visitor,
    member,
    isSmsLogin ? 'sms' : 'password',
    input.remember === true,
  );
};

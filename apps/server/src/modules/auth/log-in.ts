import { isAgentType, type LoginRequest, MemberType, type SessionValue } from '@wps/contracts/auth';
import { AppError } from '../../http/app-error';
import type { VisitorContext } from '../../http/request-context';
import { verifyAgainstDecoy, verifyPassword } from '../../lib/password-hashing';
import {
  clearAttempts,
  countAttempts,
  recordFailure,
  returnAttempt,
  takeAttempt,
} from '../attempts/attempts.service';
import { loginAttemptKey, memberAttemptRules, type MemberRow } from '../members/members.service';
import type { BrandContext } from '../site/site.service';
import { requireFlag } from './auth-checks';
import { authAttemptRules } from './auth-attempts';
import { recordAuthEvent } from './auth-events';
import { authLimits } from './auth-limits';
import type { AuthUseCaseDependencies } from './auth.service';
import { verifyCaptcha } from './captcha';
import { checkNewAddress } from './login-verification';
import { normaliseDialingCode, normaliseMobile } from './phone-numbers';
import { openSession } from './sessions';
import { consumeCode } from './verification-codes';

type LogInDependencies = Pick<AuthUseCaseDependencies, 'db' | 'site' | 'members' | 'notifications'>;

/** The counters a login is held to: failures of the account name as typed (known or not) and of the address. */
type LoginAttemptKeys = { account: string; address: string };

/**
 * Whether the captcha is asked: after a failure of the name (whether or not a member has it, so the answer
 * cannot tell) or after failures from the address. Read without taking; the limits themselves are taken below.
 */
const isCaptchaAsked = async ({ db }: Pick<AuthUseCaseDependencies, 'db'>, keys: LoginAttemptKeys) => {
  const [account, address] = await Promise.all([
    countAttempts(db, memberAttemptRules.login, keys.account),
    countAttempts(db, authAttemptRules.loginFailuresPerAddress, keys.address),
  ]);
  return account.count > 0 || address.count >= authLimits.addressCaptchaAfter;
};

/**
 * Takes the login's attempts before the secret is checked: the address's, then the name's (which locks the name
 * for a while after five). Answers how many tries the name has left after this one.
 */
const takeLoginAttempt = async (
  deps: Pick<AuthUseCaseDependencies, 'db'>,
  context: BrandContext,
  visitor: VisitorContext,
  attempt: { account: string; memberId: bigint | undefined; keys: LoginAttemptKeys },
): Promise<number> => {
  const { account, memberId, keys } = attempt;
  const fromAddress = await takeAttempt(deps.db, authAttemptRules.loginFailuresPerAddress, keys.address);
  if (!fromAddress.isAllowed) throw new AppError('RATE_LIMITED');
  const ofAccount = await takeAttempt(deps.db, memberAttemptRules.login, keys.account);
  if (!ofAccount.isAllowed) {
    await recordAuthEvent(deps, context, visitor, {
      name: 'login',
      account,
      memberId,
      isSuccess: false,
      detail: { reason: 'locked' },
    });
    throw new AppError('ACCOUNT_LOCKED', { details: { captcha: true } });
  }
  return ofAccount.remaining;
};

/** Once asked, the captcha must be answered right. */
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

/** Refuses a failed login (its attempts were taken before the check); the last allowed one tells of the lock. */
const refuseFailedLogin = async (
  deps: Pick<AuthUseCaseDependencies, 'db'>,
  context: BrandContext,
  visitor: VisitorContext,
  account: string,
  member: MemberRow | undefined,
  remaining: number,
): Promise<never> => {
  await recordAuthEvent(deps, context, visitor, {
    name: 'login',
    account,
    memberId: member?.id,
    isSuccess: false,
  });
  throw new AppError(remaining === 0 ? 'ACCOUNT_LOCKED' : 'INVALID_CREDENTIALS', {
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
  const dialingCode = normaliseDialingCode(input.countryDialingCode ?? '');
  const keys: LoginAttemptKeys = {
    account: loginAttemptKey(
      context.brand.id,
      isSmsLogin ? `+${dialingCode}${normaliseMobile(account)}` : account,
    ),
    address: visitor.ip,
  };
  const isCaptchaRequired = await isCaptchaAsked(deps, keys);
  await requireCaptchaWhenAsked(deps, isCaptchaRequired, captchaId, input.captcha);
  const member = isSmsLogin
    ? await deps.members.findByMobile(context.brand.id, dialingCode, normaliseMobile(account))
    : await deps.members.findByUsername(context.brand.id, account);
  const remaining = await takeLoginAttempt(deps, context, visitor, { account, memberId: member?.id, keys });

  const isVerified = await verifyLoginSecret(deps, context, input, member, { dialingCode, account });
  if (!member || !isVerified) {
    await recordFailure(deps.db, memberAttemptRules.login, keys.account);
    return refuseFailedLogin(deps, context, visitor, account, member, remaining);
  }
  // A right secret: the name starts afresh, and the address's attempt was no failure.
  await Promise.all([
    clearAttempts(deps.db, memberAttemptRules.login, keys.account),
    returnAttempt(deps.db, authAttemptRules.loginFailuresPerAddress, keys.address),
  ]);

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

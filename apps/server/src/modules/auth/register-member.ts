import { MemberType, type RegisterRequest, type SessionValue } from '@wps/contracts/auth';
import { isCommonPassword } from '@wps/contracts/common-passwords';
import { checkBirthday } from '@wps/contracts/kyc-rules';
import { checkMobileForCountry } from '@wps/contracts/phone-numbers';
import { toMobileUsername, validateRegistration } from '@wps/contracts/validation-rules';
import { AppError } from '../../http/app-error';
import type { VisitorContext } from '../../http/request-context';
import { hashPassword } from '../../lib/password-hashing';
import type { BrandContext } from '../site/site.service';
import { returnAttempt, takeAttempt } from '../attempts/attempts.service';
import { registrationsPerAddress } from './auth-attempts';
import { requireFlag, throwIfInvalid } from './auth-checks';
import { recordAuthEvent } from './auth-events';
import type { AuthUseCaseDependencies } from './auth.service';
import { verifyCaptcha } from './captcha';
import { normaliseDialingCode, normaliseMobile } from './phone-numbers';
import { openSession } from './sessions';
import { consumeCode } from './verification-codes';

type RegisterMemberDependencies = Pick<
  AuthUseCaseDependencies,
  'db' | 'site' | 'members' | 'registrationsPerAddressPerHour' | 'checkRegistrant'
>;
type RegistrationMode = 'username' | 'mobile';

/**
 * The date of birth: required, a real date, and at least the brand's minimum age (issue 26: no one under it
 * registers). The same check as the site's form (contracts kyc-rules.ts), with codes of its own.
 */
const checkAge = (birthday: string | undefined, minimumAge: number): void => {
  const problem = checkBirthday(birthday, minimumAge);
  if (problem === null) return;
  if (problem.key === 'birthday_required') {
    throw new AppError('BIRTHDAY_REQUIRED', { issues: [{ field: 'birthday', message: 'required' }] });
  }
  if (problem.key === 'birthday_under_age')
    throw new AppError('UNDER_MINIMUM_AGE', { details: { minimumAge } });
  throw new AppError('VALIDATION_FAILED', {
    issues: [{ field: 'birthday', message: 'Enter a real date of birth (yyyy-MM-dd).' }],
  });
};

/**
 * Everything that must hold before a member is created, in the order the visitor is told: the form's
 * fields (the date of birth among them), the affiliate code, the captcha and the SMS code. Answers the
 * upline agent and the normalised phone number.
 */
const admitRegistration = async (
  deps: RegisterMemberDependencies,
  context: BrandContext,
  visitor: VisitorContext,
  mode: RegistrationMode,
  input: RegisterRequest,
  captchaId: string | undefined,
) => {
  const isSmsVerificationOn = mode === 'mobile' && context.isEnabled('REGMOBVERF3');
  const isCaptchaOn = context.register.fields.captcha.enabled;
  throwIfInvalid(
    validateRegistration(input, context.register, {
      mode,
      isSmsVerificationOn,
      isCaptchaOn,
      isCommonPassword,
    }),
  );
  const mobileError = checkMobileForCountry(input.countryDialingCode, input.mobileNum);
  if (mobileError) throwIfInvalid({ mobileNum: mobileError });
  checkAge(input.birthday, context.register.minimumAge);

  const affiliateCode = input.affiliateCode?.trim();
  const upline = affiliateCode
    ? await deps.members.findAgentByAffiliateCode(context.brand.id, affiliateCode)
    : undefined;
  if (affiliateCode && !upline) throw new AppError('INVALID_AFFILIATE_CODE');
  if (isCaptchaOn && !(await verifyCaptcha(deps, captchaId, input.captcha))) {
    throw new AppError('CAPTCHA_INVALID', { details: { captcha: true } });
  }
  const dialingCode = input.countryDialingCode ? normaliseDialingCode(input.countryDialingCode) : null;
  const mobileNum = input.mobileNum ? normaliseMobile(input.mobileNum) : null;
  if (isSmsVerificationOn) {
    const isValid =
      dialingCode !== null &&
      mobileNum !== null &&
      (await consumeCode(
        deps,
        context,
        'register',
        { channel: 'sms', countryDialingCode: dialingCode, mobileNum },
        input.verificationCode,
      ));
    if (!isValid) throw new AppError('VERIFICATION_CODE_INVALID');
  }
  return { upline, dialingCode, mobileNum };
};

/** The registration itself, once the address's attempt is taken: the checks, the member and its session. */
const createRegisteredMember = async (
  deps: RegisterMemberDependencies,
  context: BrandContext,
  visitor: VisitorContext,
  mode: RegistrationMode,
  input: RegisterRequest,
  captchaId: string | undefined,
): Promise<SessionValue> => {
  const { upline, dialingCode, mobileNum } = await admitRegistration(
    deps,
    context,
    visitor,
    mode,
    input,
    captchaId,
  );
  // Player protection: a person in a time-out or self-exclusion does not come back under another name.
  await deps.checkRegistrant(context.brand.id, {
    countryDialingCode: mobileNum ? dialingCode : null,
    mobileNum,
    email: input.email?.trim() || null,
    idNumber: input.idNumber?.trim() || null,
  });

  const username =
    mode === 'mobile' && !input.username?.trim()
      ? toMobileUsername(input.mobileNum ?? '')
      : (input.username ?? '').trim();
  const [passwordHash, paymentPasswordHash] = await Promise.all([
    hashPassword(input.password),
    input.paymentPassword ? hashPassword(input.paymentPassword) : Promise.resolve(null),
  ]);
  const optional = (value: string | undefined) => value?.trim() || null;
  const member = await deps.members.create(deps.db, {
    brandId: context.brand.id,
    username,
    nickname: username,
    // An agent's sub-agent link (agent centre) registers agents.
    type: upline?.registersAgents === true ? MemberType.agent : MemberType.member,
    passwordHash,
    paymentPasswordHash,
    countryDialingCode: mobileNum ? dialingCode : null,
    mobileNum,
    email: optional(input.email),
    payeeName: optional(input.payeeName),
    line: optional(input.line),
    whatsapp: optional(input.whatsapp),
    facebook: optional(input.facebook),
    wechat: optional(input.wechat),
    qqNum: optional(input.qqNum),
    idNumber: optional(input.idNumber),
    birthday: input.birthday ?? null,
    referralCode: optional(input.referralCode),
    uplineId: upline?.id ?? null,
    registerIp: visitor.ip,
    registerDomain: optional(input.domain),
    registerUrl: optional(input.registerUrl),
  });
  if (!member) {
    const isNameTaken = (await deps.members.findByUsername(context.brand.id, username)) !== undefined;
    throw new AppError(isNameTaken ? 'USERNAME_TAKEN' : 'MOBILE_TAKEN');
  }
  await recordAuthEvent(deps, context, visitor, {
    name: 'register',
    account: username,
    memberId: member.id,
    isSuccess: true,
  });
  return openSession(deps, context, visitor, member, 'register');
};

/** A new member registered with a username or a mobile number, logged in at once. */
export const registerMember = async (
  deps: RegisterMemberDependencies,
  visitor: VisitorContext,
  mode: RegistrationMode,
  input: RegisterRequest,
  captchaId: string | undefined,
): Promise<SessionValue> => {
  const context = await deps.site.getBrandContext(visitor);
  if (mode === 'mobile') requireFlag(context, 'MOBILENUMREG3');
  // The address's hourly number is taken before anything is checked or created, and given back when no member
  // comes of it, so a burst from one address registers exactly that many.
  const rule = registrationsPerAddress(deps.registrationsPerAddressPerHour);
  const attempt = await takeAttempt(deps.db, rule, visitor.ip);
  if (!attempt.isAllowed) throw new AppError('RATE_LIMITED');
  try {
    return await createRegisteredMember(deps, context, visitor, mode, input, captchaId);
  } catch (error) {
    await returnAttempt(deps.db, rule, visitor.ip);
    throw error;
  }
};

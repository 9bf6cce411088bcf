import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import {
  isAgentType,
  MemberType,
  type LoginRequest,
  type MemberInfo,
  type RegisterRequest,
  type SessionValue,
} from '@wps/contracts/auth';
import type { FieldIssue } from '@wps/contracts/envelope';
import type { LanguageCode } from '@wps/contracts/site';
import { socialProviderFlags } from '@wps/contracts/social-sign-in';
import {
  type FieldErrors,
  formatRuleMessage,
  toMobileUsername,
  validateChangePassword,
  validateRegistration,
  validationMessagesEn,
} from '@wps/contracts/validation-rules';
import { TransactionRollbackError } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { VisitorContext } from '../../http/request-context';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '../../lib/password-hashing';
import { createSessionToken, hashSessionToken } from '../../lib/session-token';
import { type MemberRow, type MemberService, toMemberInfo } from '../members/members.service';
import type { NotificationService } from '../notifications/notifications.service';
import type { BrandContext, SiteService } from '../site/site.service';
import * as repository from './auth.repository';
import { createCaptchaText, renderCaptchaPng } from './captcha-image';
import * as socialRepository from './social-sign-in.repository';
import type { SocialIdentity } from './social-sign-in.repository';

const minute = 60_000;
export const authLimits = {
  sessionIdleMs: 2 * 60 * minute,
  sessionLifetimeMs: 12 * 60 * minute,
  rememberedLifetimeMs: 24 * 60 * minute,
  captchaLifetimeMs: 5 * minute,
  captchaRefreshMs: 1_000,
  /** Failures of one account before it is locked, and for how long. */
  lockAfterFailures: 5,
  lockMs: 15 * minute,
  /** Failures from one address in the window before the captcha is always asked, and before refusal. */
  addressCaptchaAfter: 3,
  addressRefuseAfter: 20,
  failureWindowMs: 15 * minute,
  codeResendMs: 60_000,
  codesPerRecipientPerHour: 5,
  codesPerAddressPerHour: 10,
  codeMaxAttempts: 5,
  registrationsPerAddressPerHour: 10,
  freePlayPerAddressPerHour: 20,
} as const;

export type CodePurpose = 'register' | 'noLogin' | 'loginVerification';
/** Where a one-time code goes: a phone by SMS, or an email address. */
type CodeRecipient =
  { channel: 'sms'; countryDialingCode: string; mobileNum: string } | { channel: 'email'; email: string };
export type MemberSession = { member: MemberRow; tokenHash: string; loginMethod: string };

/** The session the member guard admitted; every domain's member routes read the member from it. */
export const sessionOf = (request: { memberSession?: MemberSession }): MemberSession => {
  if (!request.memberSession) throw new AppError('UNAUTHORIZED');
  return request.memberSession;
};
type LoginMethod = 'password' | 'sms' | 'freeplay' | 'register' | 'reset' | 'social';

const hashCode = (value: string): string => createHash('sha256').update(value).digest('hex');
const normaliseCaptcha = (answer: string): string => answer.trim().toUpperCase();
const normaliseMobile = (mobileNum: string): string => mobileNum.trim().replace(/^0+/, '');
const normaliseDialingCode = (code: string): string => code.trim().replace(/^\+/, '');
const recipientAddress = (recipient: CodeRecipient): string =>
  recipient.channel === 'sms'
    ? `+${normaliseDialingCode(recipient.countryDialingCode)}${normaliseMobile(recipient.mobileNum)}`
    : recipient.email.trim().toLowerCase();

/** Field errors of the shared validation module, as the envelope's issues in English. */
const toIssues = (errors: FieldErrors): FieldIssue[] =>
  Object.entries(errors).map(([field, rule]) => ({
    field,
    message: formatRuleMessage(validationMessagesEn[rule.key] ?? rule.key, rule.values),
  }));

const throwIfInvalid = (errors: FieldErrors): void => {
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', { issues: toIssues(errors) });
};

export type AuthDependencies = {
  db: Database;
  site: SiteService;
  members: MemberService;
  notifications: NotificationService;
  /** The captcha text generator; tests pass a fixed one so they can answer. */
  captchaText?: () => string;
  /** Registrations allowed from one address per hour, when not `authLimits`' (configuration). */
  registrationsPerAddressPerHour?: number;
};

export const createAuthService = ({
  db,
  site,
  members,
  notifications,
  captchaText = createCaptchaText,
  registrationsPerAddressPerHour = authLimits.registrationsPerAddressPerHour,
}: AuthDependencies) => {
  const recordEvent = (
    context: BrandContext,
    visitor: VisitorContext,
    event: {
      name: string;
      account: string;
      memberId?: bigint;
      isSuccess: boolean;
      detail?: Record<string, unknown>;
    },
  ) =>
    repository.insertAuthEvent(db, {
      brandId: context.brand.id,
      memberId: event.memberId ?? null,
      account: event.account,
      event: event.name,
      isSuccess: event.isSuccess,
      ip: visitor.ip,
      detail: event.detail ?? null,
    });

  const requireFlag = (context: BrandContext, flag: Parameters<BrandContext['isEnabled']>[0]) => {
    if (!context.isEnabled(flag)) throw new AppError('FEATURE_DISABLED');
  };

  const isPasswordExpired = (context: BrandContext, member: MemberRow): boolean =>
    context.isEnabled('PWDEXPFORCECHANGE3') &&
    Date.now() - member.passwordChangedAt.getTime() > context.brand.passwordMaxAgeDays * 24 * 60 * minute;

  /** Opens a session; first-login and forced-change facts are computed from the member before this login. */
  const openSession = async (
    context: BrandContext,
    visitor: VisitorContext,
    member: MemberRow,
    method: LoginMethod,
    isRemembered = false,
  ): Promise<SessionValue> => {
    const { token, tokenHash } = createSessionToken();
    const now = new Date();
    const lifetime = isRemembered ? authLimits.rememberedLifetimeMs : authLimits.sessionLifetimeMs;
    await db.transaction(async (tx) => {
      await repository.insertSession(tx, {
        tokenHash,
        memberId: member.id,
        loginMethod: method,
        isRemembered,
        ip: visitor.ip,
        expiresAt: new Date(now.getTime() + lifetime),
      });
      await members.update(tx, member.id, {
        firstLoginAt: member.firstLoginAt ?? now,
        lastLoginAt: now,
        lastLoginIp: visitor.ip,
        failedLoginCount: 0,
        lockedUntil: null,
      });
      await members.rememberAddress(tx, member.id, visitor.ip);
    });
    const passwordExpired = isPasswordExpired(context, member);
    // The spec: no forced change after an SMS or social login (the member may not know a password).
    const isPasswordLogin = method === 'password';
    return {
      token,
      firstTimeLogin: member.firstLoginAt === null,
      passwordExpired,
      mustChangePassword: isPasswordLogin && (member.mustChangePassword || passwordExpired),
    };
  };

  const verifyCaptcha = async (
    captchaId: string | undefined,
    answer: string | undefined,
  ): Promise<boolean> => {
    if (!captchaId || !answer) return false;
    const answerHash = await repository.consumeCaptcha(db, captchaId);
    return answerHash === hashCode(normaliseCaptcha(answer));
  };

  /** Checks and spends the newest code for the recipient; a wrong guess counts toward the attempt limit. */
  const consumeCode = async (
    context: BrandContext,
    purpose: CodePurpose,
    recipient: CodeRecipient,
    code: string | undefined,
  ): Promise<boolean> => {
    if (!code) return false;
    const latest = await repository.findLatestVerificationCode(db, {
      brandId: context.brand.id,
      purpose,
      recipient: recipientAddress(recipient),
    });
    if (!latest) return false;
    const attempts = await repository.countVerificationAttempt(db, latest.id);
    if (attempts === undefined || attempts > authLimits.codeMaxAttempts) return false;
    if (latest.codeHash !== hashCode(code)) return false;
    return repository.markVerificationCodeUsed(db, latest.id);
  };

  const sendCode = async (
    context: BrandContext,
    visitor: VisitorContext,
    purpose: CodePurpose,
    recipient: CodeRecipient,
  ): Promise<{ expiredMinutes: number }> => {
    const address = recipientAddress(recipient);
    const now = Date.now();
    const hourAgo = new Date(now - 60 * minute);
    const [latest, perRecipient, perAddress] = await Promise.all([
      repository.findLatestVerificationCode(db, { brandId: context.brand.id, purpose, recipient: address }),
      repository.countCodesSentTo(db, context.brand.id, address, hourAgo),
      repository.countCodesSentFromAddress(db, visitor.ip, hourAgo),
    ]);
    const isTooSoon = latest !== undefined && now - latest.createdAt.getTime() < authLimits.codeResendMs;
    if (
      isTooSoon ||
      perRecipient >= authLimits.codesPerRecipientPerHour ||
      perAddress >= authLimits.codesPerAddressPerHour
    ) {
      throw new AppError('RATE_LIMITED', { message: 'Too many requests, please try again after 5 minutes.' });
    }
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    const expiredMinutes = context.brand.smsCodeTtlMinutes;
    await repository.insertVerificationCode(db, {
      brandId: context.brand.id,
      purpose,
      channel: recipient.channel,
      recipient: address,
      codeHash: hashCode(code),
      ip: visitor.ip,
      expiresAt: new Date(now + expiredMinutes * minute),
    });
    const text = `${context.brand.siteName}: your verification code is ${code}. It expires in ${expiredMinutes} minutes.`;
    const isSent =
      recipient.channel === 'sms'
        ? await notifications.sendSms(context.brand, address, text)
        : await notifications.sendEmail(
            context.brand,
            address,
            `${context.brand.siteName}: verification code`,
            text,
          );
    if (!isSent) {
      throw new AppError('SERVICE_UNAVAILABLE', { message: 'The code could not be sent, please try again.' });
    }
    return { expiredMinutes };
  };

  const countAddressFailures = (visitor: VisitorContext) =>
    repository.countEventsFromAddress(
      db,
      visitor.ip,
      'login',
      new Date(Date.now() - authLimits.failureWindowMs),
      true,
    );

  /**
   * Login extra verification: a password login from an address the member has not used proves itself with a
   * code sent to the member's phone, or to the member's email when there is no phone. A member with neither
   * has nothing to prove it with and is let through.
   */
  const checkNewAddress = async (
    context: BrandContext,
    visitor: VisitorContext,
    member: MemberRow,
    verificationCode: string | undefined,
  ): Promise<void> => {
    const isNewAddress =
      member.lastLoginAt !== null && !(await members.isKnownAddress(member.id, visitor.ip));
    if (!isNewAddress) return;
    const recipient: CodeRecipient | undefined =
      member.mobileNum && member.countryDialingCode
        ? { channel: 'sms', countryDialingCode: member.countryDialingCode, mobileNum: member.mobileNum }
        : member.email
          ? { channel: 'email', email: member.email }
          : undefined;
    if (!recipient) return;
    if (verificationCode === undefined) {
      await sendCode(context, visitor, 'loginVerification', recipient);
      const hint =
        recipient.channel === 'sms'
          ? `****${recipient.mobileNum.slice(-4)}`
          : recipient.email.replace(/^(.{2}).*@/, '$1***@');
      throw new AppError('VERIFICATION_REQUIRED', { details: { verification: recipient.channel, hint } });
    }
    const isValid = await consumeCode(context, 'loginVerification', recipient, verificationCode);
    if (!isValid)
      throw new AppError('VERIFICATION_CODE_INVALID', { details: { verification: recipient.channel } });
  };

  return {
    /** A new captcha for the visitor; its id goes in an httpOnly cookie, the answer never leaves the server. */
    issueCaptcha: async (visitor: VisitorContext, previousId: string | undefined) => {
      if (previousId) {
        const previous = await repository.findCaptcha(db, previousId);
        if (previous && Date.now() - previous.createdAt.getTime() < authLimits.captchaRefreshMs) {
          throw new AppError('RATE_LIMITED');
        }
      }
      const text = captchaText();
      const id = randomUUID();
      await repository.insertCaptcha(db, {
        id,
        answerHash: hashCode(text),
        ip: visitor.ip,
        expiresAt: new Date(Date.now() + authLimits.captchaLifetimeMs),
      });
      const image = renderCaptchaPng(text);
      return { captchaId: id, image: `data:image/png;base64,${image.toString('base64')}` };
    },

    requestSmsCode: async (
      visitor: VisitorContext,
      purpose: 'register' | 'noLogin',
      countryDialingCode: string,
      mobileNum: string,
    ) => {
      const context = await site.getBrandContext(visitor);
      const dialingCode = normaliseDialingCode(countryDialingCode);
      const number = normaliseMobile(mobileNum);
      if (!/^\d{1,4}$/.test(dialingCode) || !/^\d{5,15}$/.test(number)) {
        throw new AppError('VALIDATION_FAILED', {
          issues: [{ field: 'mobileNo', message: 'Please enter a valid mobile number.' }],
        });
      }
      const owner = await members.findByMobile(context.brand.id, dialingCode, number);
      if (purpose === 'register' && owner) throw new AppError('MOBILE_TAKEN');
      // For an unknown number the answer is the same as for a known one, so the call cannot list members.
      if (purpose === 'noLogin' && !owner) return { expiredMinutes: context.brand.smsCodeTtlMinutes };
      return sendCode(context, visitor, purpose, {
        channel: 'sms',
        countryDialingCode: dialingCode,
        mobileNum: number,
      });
    },

    register: async (
      visitor: VisitorContext,
      mode: 'username' | 'mobile',
      input: RegisterRequest,
      captchaId: string | undefined,
    ): Promise<SessionValue> => {
      const context = await site.getBrandContext(visitor);
      if (mode === 'mobile') requireFlag(context, 'MOBILENUMREG3');
      const isSmsVerificationOn = mode === 'mobile' && context.isEnabled('REGMOBVERF3');
      const isCaptchaOn = context.register.fields.captcha.enabled;
      throwIfInvalid(
        validateRegistration(input, context.register, { mode, isSmsVerificationOn, isCaptchaOn }),
      );

      const recentRegistrations = await repository.countEventsFromAddress(
        db,
        visitor.ip,
        'register',
        new Date(Date.now() - 60 * minute),
        false,
      );
      if (recentRegistrations >= registrationsPerAddressPerHour) throw new AppError('RATE_LIMITED');

      const affiliateCode = input.affiliateCode?.trim();
      const upline = affiliateCode
        ? await members.findAgentByAffiliateCode(context.brand.id, affiliateCode)
        : undefined;
      if (affiliateCode && !upline) throw new AppError('INVALID_AFFILIATE_CODE');
      if (isCaptchaOn && !(await verifyCaptcha(captchaId, input.captcha))) {
        throw new AppError('CAPTCHA_INVALID', { details: { captcha: true } });
      }
      const dialingCode = input.countryDialingCode ? normaliseDialingCode(input.countryDialingCode) : null;
      const mobileNum = input.mobileNum ? normaliseMobile(input.mobileNum) : null;
      if (isSmsVerificationOn) {
        const isValid =
          dialingCode !== null &&
          mobileNum !== null &&
          (await consumeCode(
            context,
            'register',
            { channel: 'sms', countryDialingCode: dialingCode, mobileNum },
            input.verificationCode,
          ));
        if (!isValid) throw new AppError('VERIFICATION_CODE_INVALID');
      }

      const username =
        mode === 'mobile' && !input.username?.trim()
          ? toMobileUsername(input.mobileNum ?? '')
          : (input.username ?? '').trim();
      const [passwordHash, paymentPasswordHash] = await Promise.all([
        hashPassword(input.password),
        input.paymentPassword ? hashPassword(input.paymentPassword) : Promise.resolve(null),
      ]);
      const optional = (value: string | undefined) => value?.trim() || null;
      const member = await members.create(db, {
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
        referralCode: optional(input.referralCode),
        uplineId: upline?.id ?? null,
        registerIp: visitor.ip,
        registerDomain: optional(input.domain),
        registerUrl: optional(input.registerUrl),
      });
      if (!member) {
        const isNameTaken = (await members.findByUsername(context.brand.id, username)) !== undefined;
        throw new AppError(isNameTaken ? 'USERNAME_TAKEN' : 'MOBILE_TAKEN');
      }
      await recordEvent(context, visitor, {
        name: 'register',
        account: username,
        memberId: member.id,
        isSuccess: true,
      });
      return openSession(context, visitor, member, 'register');
    },

    login: async (
      visitor: VisitorContext,
      input: LoginRequest,
      captchaId: string | undefined,
    ): Promise<SessionValue> => {
      const context = await site.getBrandContext(visitor);
      const isSmsLogin = input.type === 'sms';
      if (isSmsLogin) requireFlag(context, 'MOBILEVERCODELOGIN3');
      const account = input.username.trim();
      const addressFailures = await countAddressFailures(visitor);
      if (addressFailures >= authLimits.addressRefuseAfter) throw new AppError('RATE_LIMITED');

      const dialingCode = normaliseDialingCode(input.countryDialingCode ?? '');
      const member = isSmsLogin
        ? await members.findByMobile(context.brand.id, dialingCode, normaliseMobile(account))
        : await members.findByUsername(context.brand.id, account);
      const isCaptchaRequired =
        addressFailures >= authLimits.addressCaptchaAfter ||
        (member !== undefined && member.failedLoginCount > 0);
      if (isCaptchaRequired) {
        if (!input.captcha) throw new AppError('CAPTCHA_REQUIRED', { details: { captcha: true } });
        if (!(await verifyCaptcha(captchaId, input.captcha))) {
          throw new AppError('CAPTCHA_INVALID', { details: { captcha: true } });
        }
      }
      if (member?.lockedUntil && member.lockedUntil > new Date()) {
        await recordEvent(context, visitor, {
          name: 'login',
          account,
          memberId: member.id,
          isSuccess: false,
          detail: { reason: 'locked' },
        });
        throw new AppError('ACCOUNT_LOCKED', { details: { captcha: true } });
      }

      const isVerified = isSmsLogin
        ? member !== undefined &&
          (await consumeCode(
            context,
            'noLogin',
            { channel: 'sms', countryDialingCode: dialingCode, mobileNum: account },
            input.password,
          ))
        : member?.passwordHash
          ? await verifyPassword(member.passwordHash, input.password)
          : await verifyAgainstDecoy(input.password);
      if (!member || !isVerified) {
        const failure = member
          ? await members.recordFailedLogin(
              member.id,
              authLimits.lockAfterFailures,
              new Date(Date.now() + authLimits.lockMs),
            )
          : undefined;
        await recordEvent(context, visitor, {
          name: 'login',
          account,
          memberId: member?.id,
          isSuccess: false,
        });
        const isNowLocked =
          failure?.lockedUntil !== null &&
          failure?.lockedUntil !== undefined &&
          failure.lockedUntil > new Date();
        throw new AppError(isNowLocked ? 'ACCOUNT_LOCKED' : 'INVALID_CREDENTIALS', {
          details: { captcha: true },
        });
      }

      if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
      const isKnownType = member.type === MemberType.member || isAgentType(member.type);
      if (!isKnownType) throw new AppError('NON_MEMBER_LOGIN');
      if (input.loginArea === 'agent' && !isAgentType(member.type)) throw new AppError('NON_AGENT_LOGIN');
      if (!isSmsLogin) await checkNewAddress(context, visitor, member, input.verificationCode);

      await recordEvent(context, visitor, {
        name: 'login',
        account,
        memberId: member.id,
        isSuccess: true,
        detail: { method: input.type },
      });
      return openSession(context, visitor, member, isSmsLogin ? 'sms' : 'password', input.remember === true);
    },

    loginFreePlay: async (visitor: VisitorContext): Promise<SessionValue> => {
      const context = await site.getBrandContext(visitor);
      requireFlag(context, 'FREEPLAY3');
      const recent = await repository.countEventsFromAddress(
        db,
        visitor.ip,
        'freeplay',
        new Date(Date.now() - 60 * minute),
        false,
      );
      if (recent >= authLimits.freePlayPerAddressPerHour) throw new AppError('RATE_LIMITED');
      const username = `trial${randomBytes(5).toString('hex')}`;
      const member = await members.create(db, {
        brandId: context.brand.id,
        username,
        nickname: username,
        type: MemberType.trial,
        registerIp: visitor.ip,
      });
      if (!member) throw new AppError('INTERNAL_ERROR');
      await recordEvent(context, visitor, {
        name: 'freeplay',
        account: username,
        memberId: member.id,
        isSuccess: true,
      });
      return openSession(context, visitor, member, 'freeplay');
    },

    /** The member behind a live token, refreshing its idle timer. */
    authenticate: async (token: string): Promise<MemberSession | undefined> => {
      const tokenHash = hashSessionToken(token);
      const session = await repository.findLiveSession(
        db,
        tokenHash,
        new Date(Date.now() - authLimits.sessionIdleMs),
      );
      if (!session) return undefined;
      const member = await members.findById(session.memberId);
      if (member?.status !== 'active') return undefined;
      await repository.touchSession(db, tokenHash);
      return { member, tokenHash, loginMethod: session.loginMethod };
    },

    /** A remembered (24-hour) session, handed back to a site that lost its session storage. */
    resumeRemembered: async (visitor: VisitorContext, token: string): Promise<SessionValue> => {
      const tokenHash = hashSessionToken(token);
      const session = await repository.findLiveSession(db, tokenHash, new Date());
      if (!session?.isRemembered) throw new AppError('UNAUTHORIZED');
      const member = await members.findById(session.memberId);
      if (member?.status !== 'active') throw new AppError('UNAUTHORIZED');
      const context = await site.getBrandContext(visitor);
      const passwordExpired = isPasswordExpired(context, member);
      return {
        token,
        firstTimeLogin: false,
        passwordExpired,
        mustChangePassword:
          session.loginMethod === 'password' && (member.mustChangePassword || passwordExpired),
      };
    },

    logout: async (visitor: VisitorContext, session: MemberSession) => {
      await repository.revokeSession(db, session.tokenHash);
      const context = await site.getBrandContext(visitor);
      await recordEvent(context, visitor, {
        name: 'logout',
        account: session.member.username,
        memberId: session.member.id,
        isSuccess: true,
      });
    },

    getMemberInfo: async (visitor: VisitorContext, session: MemberSession): Promise<MemberInfo> => {
      const context = await site.getBrandContext(visitor);
      const passwordExpired = isPasswordExpired(context, session.member);
      const mustChange =
        session.loginMethod === 'password' && (session.member.mustChangePassword || passwordExpired);
      return toMemberInfo(session.member, context.brand, mustChange);
    },

    /** The language the member chose on the site, so other devices and messages can follow it. */
    updateLanguage: async (session: MemberSession, language: LanguageCode): Promise<void> => {
      await members.update(db, session.member.id, { language });
    },

    changePassword: async (
      visitor: VisitorContext,
      session: MemberSession,
      input: { oldPassword?: string; newPassword: string; confirmNewPassword: string },
    ) => {
      if (session.member.type === MemberType.trial) throw new AppError('TRIAL_NOT_ALLOWED');
      const context = await site.getBrandContext(visitor);
      const isOldPasswordRequired = session.member.passwordHash !== null;
      throwIfInvalid(
        validateChangePassword(input, {
          passwordRule: context.register.fields.password,
          isOldPasswordRequired,
        }),
      );
      if (
        session.member.passwordHash &&
        !(await verifyPassword(session.member.passwordHash, input.oldPassword ?? ''))
      ) {
        await recordEvent(context, visitor, {
          name: 'password.change',
          account: session.member.username,
          memberId: session.member.id,
          isSuccess: false,
        });
        throw new AppError('OLD_PASSWORD_WRONG');
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await members.update(tx, session.member.id, {
          passwordHash,
          passwordChangedAt: new Date(),
          mustChangePassword: false,
        });
        await repository.revokeMemberSessions(tx, session.member.id, session.tokenHash);
      });
      await recordEvent(context, visitor, {
        name: 'password.change',
        account: session.member.username,
        memberId: session.member.id,
        isSuccess: true,
      });
    },

    /** Sends a new password to the member's email; the member must change it at the next login. */
    resetPasswordByEmail: async (visitor: VisitorContext, username: string, email: string) => {
      const context = await site.getBrandContext(visitor);
      requireFlag(context, 'CHNGPASSMAIL3');
      const member = await members.findByUsername(context.brand.id, username.trim());
      const isMatch =
        member?.email !== null &&
        member?.email !== undefined &&
        member.email.toLowerCase() === email.trim().toLowerCase();
      await recordEvent(context, visitor, {
        name: 'password.reset.email',
        account: username,
        memberId: member?.id,
        isSuccess: isMatch,
      });
      if (!member || !isMatch || member.email === null) throw new AppError('ACCOUNT_NOT_FOUND');
      const newPassword = `${randomBytes(6).toString('base64url')}a1`;
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await members.update(tx, member.id, {
          passwordHash,
          passwordChangedAt: new Date(),
          mustChangePassword: true,
        });
        await repository.revokeMemberSessions(tx, member.id);
      });
      const isSent = await notifications.sendEmail(
        context.brand,
        member.email,
        `${context.brand.siteName}: your new password`,
        `Hello ${member.username},\n\nYour new password is: ${newPassword}\n\nPlease log in and change it.\n`,
      );
      if (!isSent)
        throw new AppError('SERVICE_UNAVAILABLE', {
          message: 'The email could not be sent, please try again.',
        });
    },

    resetPasswordByPhone: async (
      visitor: VisitorContext,
      input: { mobileNum: string; countryDialingCode: string; verificationCode: string; newPassword: string },
    ): Promise<SessionValue> => {
      const context = await site.getBrandContext(visitor);
      requireFlag(context, 'CHNGPASSVERIF3');
      throwIfInvalid(
        validateChangePassword(
          { newPassword: input.newPassword, confirmNewPassword: input.newPassword },
          { passwordRule: context.register.fields.password, isOldPasswordRequired: false },
        ),
      );
      const dialingCode = normaliseDialingCode(input.countryDialingCode);
      const member = await members.findByMobile(
        context.brand.id,
        dialingCode,
        normaliseMobile(input.mobileNum),
      );
      const isValid =
        member !== undefined &&
        (await consumeCode(
          context,
          'noLogin',
          { channel: 'sms', countryDialingCode: dialingCode, mobileNum: input.mobileNum },
          input.verificationCode,
        ));
      await recordEvent(context, visitor, {
        name: 'password.reset.phone',
        account: input.mobileNum,
        memberId: member?.id,
        isSuccess: isValid,
      });
      if (!member || !isValid) throw new AppError('VERIFICATION_CODE_INVALID');
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await members.update(tx, member.id, {
          passwordHash,
          passwordChangedAt: new Date(),
          mustChangePassword: false,
        });
        await repository.revokeMemberSessions(tx, member.id);
      });
      return openSession(
        context,
        visitor,
        { ...member, mustChangePassword: false, passwordChangedAt: new Date() },
        'reset',
      );
    },

    /**
     * Signs in the member linked to a provider's verified account, creating and linking a member at the first
     * sign-in. Never matched by email: an address at a provider does not prove who owns an account here.
     */
    signInWithSocialIdentity: async (
      visitor: VisitorContext,
      identity: SocialIdentity,
    ): Promise<SessionValue> => {
      const context = await site.getBrandContext(visitor);
      requireFlag(context, socialProviderFlags[identity.provider]);
      const brandId = context.brand.id;
      const { provider, subject } = identity;
      const findLinkedMember = async () => {
        const memberId = await socialRepository.findLinkedMemberId(db, brandId, provider, subject);
        return memberId === undefined ? undefined : members.findById(memberId);
      };
      const createLinkedMember = () =>
        db.transaction(async (tx) => {
          // A random suffix that hits a taken name is unlikely, not impossible: try another.
          for (let attempt = 0; attempt < 3; attempt += 1) {
            const username = `${provider}${randomBytes(5).toString('hex')}`;
            const created = await members.create(tx, {
              brandId,
              username,
              nickname: identity.name ?? username,
              type: MemberType.member,
              email: identity.email ?? null,
              registerIp: visitor.ip,
            });
            if (!created) continue;
            // A concurrent first sign-in of the same account linked first: undo this member, use that one.
            if (
              !(await socialRepository.linkIdentity(tx, { brandId, provider, subject, memberId: created.id }))
            ) {
              tx.rollback();
            }
            return created;
          }
          throw new AppError('INTERNAL_ERROR');
        });

      const linked = await findLinkedMember();
      const member =
        linked ??
        (await createLinkedMember().catch((error: unknown) => {
          if (error instanceof TransactionRollbackError) return findLinkedMember();
          throw error;
        }));
      if (!member) throw new AppError('INTERNAL_ERROR');
      const refusal =
        member.status !== 'active'
          ? 'ACCOUNT_DISABLED'
          : member.type !== MemberType.member
            ? 'NON_MEMBER_LOGIN'
            : undefined;
      await recordEvent(context, visitor, {
        name: 'social.login',
        account: member.username,
        memberId: member.id,
        isSuccess: refusal === undefined,
        detail: { provider, isNewMember: linked === undefined, ...(refusal ? { reason: refusal } : {}) },
      });
      if (refusal) throw new AppError(refusal);
      return openSession(context, visitor, member, 'social');
    },

    checkAffiliateCode: async (visitor: VisitorContext, code: string) => {
      const context = await site.getBrandContext(visitor);
      const agent = await members.findAgentByAffiliateCode(context.brand.id, code.trim());
      if (!agent) throw new AppError('INVALID_AFFILIATE_CODE');
      return { agentAccount: agent.username };
    },
  };
};

export type AuthService = ReturnType<typeof createAuthService>;

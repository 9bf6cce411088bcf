import type { LoginRequest, MemberInfo, RegisterRequest, SessionValue } from '@wps/contracts/auth';
import type { LanguageCode } from '@wps/contracts/site';
import type { Database, Executor } from '../../db/database';
import type { VisitorContext } from '../../http/request-context';
import type { MemberRow, MemberService } from '../members/members.service';
import type { NotificationService } from '../notifications/notifications.service';
import type { BrandContext, SiteService } from '../site/site.service';
import { listAccountSessions, signOutOtherSessions } from './account-sessions';
import { authLimits } from './auth-limits';
import { issueCaptcha } from './captcha';
import { createCaptchaText } from './captcha-image';
import { changePassword } from './change-password';
import { checkAffiliateCode } from './check-affiliate-code';
import { logInForFreePlay } from './free-play';
import { logIn } from './log-in';
import { endMemberSessions, findMembersSharingDevice, listMemberSignInEvents } from './member-access';
import { updateLanguage } from './member-language';
import { registerMember } from './register-member';
import { completePasswordReset, resetPasswordByEmail, resetPasswordByPhone } from './reset-password';
import {
  authenticate,
  createLiveSessionLookup,
  getMemberInfo,
  type LiveSession,
  logOut,
  resumeSession,
  type VipLevelSource,
} from './sessions';

export type { VipLevelSource } from './sessions';
import { signInWithSocialIdentity } from './social-identity-sign-in';
import type { SocialIdentity } from './social-sign-in.repository';
import { type CodeRecipient, consumeCode, requestSmsCode, sendCode } from './verification-codes';

// Routes and other domains read the limits from here (the auth domain's service).
export { authLimits };

/** What a one-time code is for; binding codes confirm a phone or an address a member adds in the security centre. */
export type CodePurpose = 'register' | 'noLogin' | 'loginVerification' | BindingCodePurpose;
export type BindingCodePurpose = 'bindMobile' | 'bindEmail';
export type { CodeRecipient } from './verification-codes';
export type MemberSession = { member: MemberRow; tokenHash: string; loginMethod: string };

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

/** What identifies a person opening an account, as the members table stores it (null: not given). */
export type RegistrantDetails = {
  countryDialingCode: string | null;
  mobileNum: string | null;
  email: string | null;
  idNumber: string | null;
};

/**
 * Checks a person before an account is made for them, throwing the refusal. Player protection is registered after
 * auth, so it hands its check over at start (`provideRegistrantCheck`): an excluded person does not register again.
 */
export type RegistrantCheck = (brandId: bigint, person: RegistrantDetails) => Promise<void>;

/** Hears that a member's session was in use for `elapsedMs` since its last touch (session-time limits). */
export type SessionActivityListener = (memberId: bigint, elapsedMs: number) => Promise<void>;

/** The dependencies as the use cases receive them: the optional ones with their defaults filled in. */
export type AuthUseCaseDependencies = Required<AuthDependencies> & {
  /** The live session behind a token hash with its member, read together with other requests' (sessions.ts). */
  liveSession: (tokenHash: string) => Promise<LiveSession | undefined>;
  /** The check provided by `provideRegistrantCheck` (none until then). */
  checkRegistrant: RegistrantCheck;
  /** Tells every `onSessionActive` listener, in turn. */
  recordSessionActivity: SessionActivityListener;
};

/**
 * Captchas, one-time codes, registration, logins (password, SMS, free play, social), sessions and passwords.
 * Each job is a use case in its own file of this folder; this binds them to one set of dependencies.
 */
export const createAuthService = ({
  captchaText = createCaptchaText,
  registrationsPerAddressPerHour = authLimits.registrationsPerAddressPerHour,
  ...services
}: AuthDependencies) => {
  let registrantCheck: RegistrantCheck = () => Promise.resolve();
  const sessionListeners: SessionActivityListener[] = [];
  const deps: AuthUseCaseDependencies = {
    ...services,
    liveSession: createLiveSessionLookup(services),
    captchaText,
    registrationsPerAddressPerHour,
    checkRegistrant: (brandId, person) => registrantCheck(brandId, person),
    recordSessionActivity: async (memberId, elapsedMs) => {
      for (const listener of sessionListeners) await listener(memberId, elapsedMs);
    },
  };
  let vipLevelOf: VipLevelSource = () => Promise.resolve(null);
  return {
    provideVipLevel: (source: VipLevelSource): void => {
      vipLevelOf = source;
    },
    /** Player protection's check of a person before registration or a first social sign-in makes an account. */
    provideRegistrantCheck: (check: RegistrantCheck): void => {
      registrantCheck = check;
    },
    /**
     * Listens to members' time in use: called when a request moves a session's idle timer (at most once a minute
     * per session), with the time since the last move, up to a few minutes (an idle gap does not count).
     */
    onSessionActive: (listener: SessionActivityListener): void => {
      sessionListeners.push(listener);
    },
    /** A new captcha for the visitor; its id goes in an httpOnly cookie, the answer never leaves the server. */
    issueCaptcha: (visitor: VisitorContext, previousId: string | undefined) =>
      issueCaptcha(deps, visitor, previousId),
    requestSmsCode: (
      visitor: VisitorContext,
      purpose: 'register' | 'noLogin',
      countryDialingCode: string,
      mobileNum: string,
    ) => requestSmsCode(deps, visitor, purpose, countryDialingCode, mobileNum),
    /**
     * A code to a phone or an address a signed-in member wants to bind (the security centre), under the same
     * sending limits as every code; the caller checks the recipient first.
     */
    sendBindingCode: (
      context: BrandContext,
      visitor: VisitorContext,
      purpose: BindingCodePurpose,
      recipient: CodeRecipient,
    ): Promise<{ expiredMinutes: number }> => sendCode(deps, context, visitor, purpose, recipient),
    /** Checks and spends the newest binding code for the recipient (wrong guesses count, as every code's). */
    consumeBindingCode: (
      context: BrandContext,
      purpose: BindingCodePurpose,
      recipient: CodeRecipient,
      code: string,
    ): Promise<boolean> => consumeCode(deps, context, purpose, recipient, code),
    register: (
      visitor: VisitorContext,
      mode: 'username' | 'mobile',
      input: RegisterRequest,
      captchaId: string | undefined,
    ): Promise<SessionValue> => registerMember(deps, visitor, mode, input, captchaId),
    login: (
      visitor: VisitorContext,
      input: LoginRequest,
      captchaId: string | undefined,
    ): Promise<SessionValue> => logIn(deps, visitor, input, captchaId),
    loginFreePlay: (visitor: VisitorContext): Promise<SessionValue> => logInForFreePlay(deps, visitor),
    /** The member behind a live token, refreshing its idle timer. */
    authenticate: (token: string): Promise<MemberSession | undefined> => authenticate(deps, token),
    /** The session of the browser's session cookie, for a tab without a token; null when there is none. */
    resumeSession: (visitor: VisitorContext, token: string | undefined): Promise<SessionValue | null> =>
      resumeSession(deps, visitor, token),
    logout: (visitor: VisitorContext, session: MemberSession) => logOut(deps, visitor, session),
    getMemberInfo: (visitor: VisitorContext, session: MemberSession): Promise<MemberInfo> =>
      getMemberInfo(deps, visitor, session, vipLevelOf),
    /** The language the member chose on the site, so other devices and messages can follow it. */
    updateLanguage: (session: MemberSession, language: LanguageCode): Promise<void> =>
      updateLanguage(deps, session, language),
    changePassword: (
      visitor: VisitorContext,
      session: MemberSession,
      input: { oldPassword?: string; newPassword: string; confirmNewPassword: string },
    ) => changePassword(deps, visitor, session, input),
    /**
     * Mails a single-use link to choose a new password when the username and email match; changes nothing
     * else, and answers the same whether they match or not. `requestOrigin` is where the request came to.
     */
    resetPasswordByEmail: (
      visitor: VisitorContext,
      input: { username: string; email: string; requestOrigin: string },
    ) => resetPasswordByEmail(deps, visitor, input),
    /** Sets the new password with the link's token (once); the member's sessions end. */
    completePasswordReset: (visitor: VisitorContext, input: { token: string; newPassword: string }) =>
      completePasswordReset(deps, visitor, input),
    resetPasswordByPhone: (
      visitor: VisitorContext,
      input: { mobileNum: string; countryDialingCode: string; verificationCode: string; newPassword: string },
    ): Promise<SessionValue> => resetPasswordByPhone(deps, visitor, input),
    /**
     * Signs in the member linked to a provider's verified account, creating and linking a member at the first
     * sign-in. Never matched by email: an address at a provider does not prove who owns an account here.
     */
    signInWithSocialIdentity: (visitor: VisitorContext, identity: SocialIdentity): Promise<SessionValue> =>
      signInWithSocialIdentity(deps, visitor, identity),
    checkAffiliateCode: (visitor: VisitorContext, code: string) => checkAffiliateCode(deps, visitor, code),
    /** Where the member is signed in (their live sessions, this one marked), for their security centre. */
    listAccountSessions: (session: MemberSession) => listAccountSessions(deps, session),
    /** Ends the member's other sessions (recorded in the auth log); answers how many were live. */
    signOutOtherSessions: (visitor: VisitorContext, session: MemberSession) =>
      signOutOtherSessions(deps, visitor, session),
    /** A member's sign-in events (addresses and browsers), newest first: staff's view, and the member's own. */
    listMemberSignInEvents: (memberId: bigint, page: { pageNo: number; pageSize: number }) =>
      listMemberSignInEvents(deps, memberId, page),
    /** Members of the brand who signed in from one of the member's devices (address and browser). */
    findMembersSharingDevice: (brandId: bigint, memberId: bigint, limit: number) =>
      findMembersSharingDevice(deps, brandId, memberId, limit),
    /** Ends every session of the member in the caller's transaction; answers how many were live. */
    endMemberSessions: (executor: Executor, memberId: bigint): Promise<number> =>
      endMemberSessions(executor, memberId),
  };
};

export type AuthService = ReturnType<typeof createAuthService>;

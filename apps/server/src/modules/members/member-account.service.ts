import type { FieldIssue } from '@wps/contracts/envelope';
import { checkBirthday } from '@wps/contracts/kyc-rules';
import {
  type AccountProfile,
  type AccountSecurity,
  type EditableProfileField,
  editableProfileFields,
  type ProfileUpdateRequest,
  type SecurityCheck,
  securityChecks,
  securityLevelOf,
} from '@wps/contracts/member-account';
import { checkMobileForCountry } from '@wps/contracts/phone-numbers';
import type { RegisterField } from '@wps/contracts/site';
import {
  checkMobileNumber,
  checkRegisterField,
  formatRuleMessage,
  type RuleMessage,
  validationMessagesEn,
} from '@wps/contracts/validation-rules';
import type { Database, Executor } from '../../db/database';
import { isDatabaseError, uniqueViolation } from '../../db/database-errors';
import { AppError } from '../../http/app-error';
import type { VisitorContext } from '../../http/request-context';
import { type AuditActor, recordAuditEvent } from '../audit/audit.service';
import { type AuthService, authLimits, type CodeRecipient } from '../auth/auth.service';
import type { BrandContext } from '../site/site.service';
import * as repository from './member-account.repository';
import { type MemberRow, type MemberService, toMemberInfo } from './members.service';

/**
 * The member's own security centre (issue 28, item 1): the profile they edit, the phone and address they bind
 * with a code (the payment password is the payments module's, PUT /wps/member/payment-password). Every change is audited in the transaction that makes it, with only
 * the fields that changed; secrets never reach the trail.
 */
export type MemberAccountDependencies = {
  db: Database;
  members: Pick<MemberService, 'findById' | 'findByMobile' | 'lock' | 'update'>;
  auth: Pick<AuthService, 'sendBindingCode' | 'consumeBindingCode'>;
};

/** Who acts: the signed-in member, the brand of their site and where the request came from. */
export type AccountActor = { member: MemberRow; context: BrandContext; visitor: VisitorContext };

type AccountView = { profile: AccountProfile; security: AccountSecurity };
type ChangedFields = Record<string, string | null>;

/** The profile fields a member may leave empty: every one but the nickname. */
type ClearableProfileField = Exclude<EditableProfileField, 'nickname'>;
type ProfilePatch = { nickname?: string } & Partial<Record<ClearableProfileField, string | null>>;

/** A change to the member's row, and its record for the trail: only the fields that change. */
type MemberChange = {
  patch: ProfilePatch | { countryDialingCode: string; mobileNum: string } | { email: string };
  before: ChangedFields;
  after: ChangedFields;
  isChanged: boolean;
};

/** The profile fields the brand's registration form has a rule for; the others keep the contract's bounds. */
const ruleCheckedFields = [
  'payeeName',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
] as const satisfies readonly (EditableProfileField & RegisterField)[];

/**
 * C0 and C1 control characters (a newline or an escape in a name breaks every list that shows it) and the
 * bidirectional overrides and isolates (they make a name read as another). Emoji joiners stay allowed.
 */
const controlCharacters = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

const resendSeconds = Math.round(authLimits.codeResendMs / 1_000);

const auditActorOf = ({ member, visitor }: AccountActor): AuditActor => ({
  type: 'member',
  id: member.id.toString(),
  ip: visitor.ip,
  userAgent: visitor.userAgent,
});

const ruleIssue = (field: string, rule: RuleMessage): FieldIssue => ({
  field,
  message: formatRuleMessage(validationMessagesEn[rule.key] ?? rule.key, rule.values),
});

const throwIfIssues = (issues: readonly FieldIssue[]): void => {
  const [first] = issues;
  if (first) throw new AppError('VALIDATION_FAILED', { message: first.message, issues: [...issues] });
};

const isClearable = (field: EditableProfileField): field is ClearableProfileField => field !== 'nickname';

/** Today's calendar date (UTC), as the birthday rules count it. */
const todayIso = (): string => new Date().toISOString().slice(0, 10);

/** A date of birth the member gives: a real date before today, and at least the brand's minimum age. */
const checkProfileBirthday = (birthday: string, minimumAge: number): void => {
  const problem = checkBirthday(birthday, minimumAge);
  if (problem?.key === 'birthday_under_age') {
    const message = `You must be at least ${minimumAge.toString()} years old to use this site.`;
    throw new AppError('UNDER_MINIMUM_AGE', {
      message,
      issues: [{ field: 'birthday', message }],
      details: { minimumAge },
    });
  }
  if (problem !== null || birthday >= todayIso()) {
    throwIfIssues([{ field: 'birthday', message: 'Enter a real date of birth (yyyy-MM-dd).' }]);
  }
};

/**
 * The values that change against the brand's field rules, the characters and the date. Only what changes: a
 * value kept as it is (a whole form saved again) stays valid even if it predates the brand's current rule.
 */
const checkProfileUpdate = (
  request: ProfileUpdateRequest,
  changed: ReadonlySet<string>,
  context: BrandContext,
): void => {
  const issues: FieldIssue[] = [];
  for (const field of editableProfileFields) {
    const value = request[field];
    if (value === undefined || !changed.has(field)) continue;
    if (controlCharacters.test(value)) {
      issues.push({ field, message: 'Remove the control characters from this field.' });
    }
  }
  for (const field of ruleCheckedFields) {
    const value = request[field];
    if (value === undefined || !changed.has(field) || issues.some((issue) => issue.field === field)) continue;
    const problem = checkRegisterField(field, value, context.register.fields[field]);
    if (problem) issues.push(ruleIssue(field, problem));
  }
  throwIfIssues(issues);
  if (request.birthday && changed.has('birthday')) {
    checkProfileBirthday(request.birthday, context.register.minimumAge);
  }
};

/** The fields of the request that differ from the member's, as the row stores them ('' is null). */
const profileChangesOf = (member: MemberRow, request: ProfileUpdateRequest) => {
  const patch: ProfilePatch = {};
  const before: ChangedFields = {};
  const after: ChangedFields = {};
  for (const field of editableProfileFields) {
    const value = request[field];
    if (value === undefined) continue;
    if (!isClearable(field)) {
      if (value === member.nickname) continue;
      patch.nickname = value;
    } else {
      const stored = value === '' ? null : value;
      if (stored === member[field]) continue;
      patch[field] = stored;
    }
    before[field] = member[field];
    after[field] = value === '' ? null : value;
  }
  return { patch, before, after, isChanged: Object.keys(after).length > 0 };
};

const securityOf = (member: MemberRow): AccountSecurity => {
  const checks: Record<SecurityCheck, boolean> = {
    password: member.passwordHash !== null,
    paymentPassword: member.paymentPasswordHash !== null,
    mobile: member.mobileNum !== null,
    email: member.email !== null,
    realName: member.payeeName !== null && member.payeeName !== '',
  };
  const passed = securityChecks.filter((check) => checks[check]).length;
  return { level: securityLevelOf(passed), checks };
};

const describeAccount = (member: MemberRow, context: BrandContext): AccountView => {
  // The very masking of /wps/member/info, so both pages show a contact detail the same way.
  const { mobileNum, email } = toMemberInfo(member, context.brand, false);
  return {
    profile: {
      account: member.username,
      nickname: member.nickname,
      payeeName: member.payeeName,
      birthday: member.birthday,
      line: member.line,
      whatsapp: member.whatsapp,
      facebook: member.facebook,
      wechat: member.wechat,
      telegram: member.telegram,
      zalo: member.zalo,
      address: member.address,
      mobileNum,
      email,
      avatarUrl: member.avatarUrl,
    },
    security: securityOf(member),
  };
};

/** A phone number as the members table keeps it: the dialling code without '+', the number without leading 0s. */
const toStoredPhone = (countryDialingCode: string, mobileNum: string) => ({
  countryDialingCode: countryDialingCode.trim().replace(/^\+/, ''),
  mobileNum: mobileNum.trim().replace(/^0+/, ''),
});

/** The brand's mobile rule (when its form has one) and the number's country, as registration checks them. */
const checkMobile = (context: BrandContext, countryDialingCode: string, mobileNum: string): void => {
  const rule = context.register.fields.mobileNum;
  const problem =
    (rule.enabled ? checkMobileNumber(mobileNum, rule, true) : null) ??
    checkMobileForCountry(countryDialingCode, mobileNum);
  if (problem) throwIfIssues([ruleIssue('mobileNum', problem)]);
};

const checkEmail = (context: BrandContext, email: string): void => {
  const problem = checkRegisterField('email', email, context.register.fields.email);
  if (problem) throwIfIssues([ruleIssue('email', problem)]);
};

const mobileTakenMessage = 'This mobile number is already bound to another account.';
const mobileTaken = () =>
  new AppError('MOBILE_TAKEN', {
    message: mobileTakenMessage,
    issues: [{ field: 'mobileNum', message: mobileTakenMessage }],
  });

const emailTakenMessage = 'This email address is already bound to another account.';
const emailTaken = () =>
  new AppError('VALIDATION_FAILED', {
    message: emailTakenMessage,
    issues: [{ field: 'email', message: emailTakenMessage }],
  });

const realNameLockedMessage =
  'Your real name is already set and cannot be changed here; please contact customer service.';

export const createMemberAccountService = ({ db, members, auth }: MemberAccountDependencies) => {
  /** The member as stored now (the session's copy may predate a change made a moment ago). */
  const freshMember = async (memberId: bigint): Promise<MemberRow> => {
    const member = await members.findById(memberId);
    if (!member) throw new AppError('UNAUTHORIZED');
    return member;
  };

  /** Locks the member's row and reads it, so changes to one member queue instead of racing. */
  const lockedMember = async (executor: Executor, memberId: bigint) => {
    await members.lock(executor, memberId);
    const member = await members.findById(memberId, executor);
    if (!member) throw new AppError('UNAUTHORIZED');
    return member;
  };

  /** Applies a patch to the member and records it in one transaction; answers the member as it now is. */
  const changeMember = async (
    actor: AccountActor,
    action: string,
    changesOf: (member: MemberRow) => MemberChange,
    beforeChange?: (executor: Executor, member: MemberRow) => Promise<void>,
  ): Promise<MemberRow> =>
    db.transaction(async (tx) => {
      const member = await lockedMember(tx, actor.member.id);
      await beforeChange?.(tx, member);
      const { patch, before, after, isChanged } = changesOf(member);
      if (!isChanged) return member;
      await members.update(tx, member.id, patch);
      await recordAuditEvent(tx, {
        actor: auditActorOf(actor),
        action,
        entityType: 'member',
        entityId: member.id.toString(),
        before,
        after,
      });
      return { ...member, ...patch };
    });

  const mobileRecipientOf = (countryDialingCode: string, mobileNum: string): CodeRecipient => ({
    channel: 'sms',
    countryDialingCode,
    mobileNum,
  });

  /** Refuses a number another member of the brand has bound (the unique index decides at the write too). */
  const assertMobileFree = async (actor: AccountActor, countryDialingCode: string, mobileNum: string) => {
    const owner = await members.findByMobile(actor.context.brand.id, countryDialingCode, mobileNum);
    if (owner && owner.id !== actor.member.id) throw mobileTaken();
  };

  const assertEmailFree = async (executor: Executor, actor: AccountActor, email: string) => {
    const query = { brandId: actor.context.brand.id, memberId: actor.member.id, email };
    if (await repository.isEmailBoundToOtherMember(executor, query)) throw emailTaken();
  };

  return {
    /** The member's profile (contact details masked) and how well the account is protected. */
    describe: async (actor: AccountActor): Promise<AccountView> =>
      describeAccount(await freshMember(actor.member.id), actor.context),

    /**
     * Changes the fields sent and only those ('' clears one); each follows the brand's registration rule where
     * it has one. A real name, once set, is the member's for good: only staff change it.
     */
    updateProfile: async (actor: AccountActor, request: ProfileUpdateRequest): Promise<AccountView> => {
      const member = await changeMember(actor, 'member.profile.update', (current) => {
        const changes = profileChangesOf(current, request);
        if ('payeeName' in changes.after && current.payeeName !== null) {
          throw new AppError('FORBIDDEN', {
            message: realNameLockedMessage,
            issues: [{ field: 'payeeName', message: realNameLockedMessage }],
          });
        }
        checkProfileUpdate(request, new Set(Object.keys(changes.after)), actor.context);
        return changes;
      });
      return describeAccount(member, actor.context);
    },

    /** A code by SMS to the number the member wants to bind, under every code's sending limits. */
    sendMobileCode: async (
      actor: AccountActor,
      request: { countryDialingCode: string; mobileNum: string },
    ): Promise<{ expiredMinutes: number; resendSeconds: number }> => {
      checkMobile(actor.context, request.countryDialingCode, request.mobileNum);
      const phone = toStoredPhone(request.countryDialingCode, request.mobileNum);
      await assertMobileFree(actor, phone.countryDialingCode, phone.mobileNum);
      const sent = await auth.sendBindingCode(
        actor.context,
        actor.visitor,
        'bindMobile',
        mobileRecipientOf(phone.countryDialingCode, phone.mobileNum),
      );
      return { expiredMinutes: sent.expiredMinutes, resendSeconds };
    },

    /** Binds the number with the code it received (replacing the one bound before, if any). */
    bindMobile: async (
      actor: AccountActor,
      request: { countryDialingCode: string; mobileNum: string; verificationCode: string },
    ): Promise<AccountView> => {
      checkMobile(actor.context, request.countryDialingCode, request.mobileNum);
      const phone = toStoredPhone(request.countryDialingCode, request.mobileNum);
      await assertMobileFree(actor, phone.countryDialingCode, phone.mobileNum);
      const isValid = await auth.consumeBindingCode(
        actor.context,
        'bindMobile',
        mobileRecipientOf(phone.countryDialingCode, phone.mobileNum),
        request.verificationCode,
      );
      if (!isValid) throw new AppError('VERIFICATION_CODE_INVALID');
      try {
        const member = await changeMember(actor, 'member.mobile.bind', (current) => {
          const before: ChangedFields = {};
          const after: ChangedFields = {};
          if (current.countryDialingCode !== phone.countryDialingCode) {
            before.countryDialingCode = current.countryDialingCode;
            after.countryDialingCode = phone.countryDialingCode;
          }
          if (current.mobileNum !== phone.mobileNum) {
            before.mobileNum = current.mobileNum;
            after.mobileNum = phone.mobileNum;
          }
          return { patch: phone, before, after, isChanged: Object.keys(after).length > 0 };
        });
        return describeAccount(member, actor.context);
      } catch (error) {
        // Another member bound the number between the check and the write.
        if (isDatabaseError(error, uniqueViolation, 'members_brand_mobile_key')) throw mobileTaken();
        throw error;
      }
    },

    /** A code mailed to the address the member wants to bind, under every code's sending limits. */
    sendEmailCode: async (
      actor: AccountActor,
      request: { email: string },
    ): Promise<{ expiredMinutes: number; resendSeconds: number }> => {
      checkEmail(actor.context, request.email);
      const email = request.email.trim();
      await assertEmailFree(db, actor, email);
      const sent = await auth.sendBindingCode(actor.context, actor.visitor, 'bindEmail', {
        channel: 'email',
        email,
      });
      return { expiredMinutes: sent.expiredMinutes, resendSeconds };
    },

    /** Binds the address with the code it received (replacing the one bound before, if any). */
    bindEmail: async (
      actor: AccountActor,
      request: { email: string; verificationCode: string },
    ): Promise<AccountView> => {
      checkEmail(actor.context, request.email);
      const email = request.email.trim();
      await assertEmailFree(db, actor, email);
      const isValid = await auth.consumeBindingCode(
        actor.context,
        'bindEmail',
        { channel: 'email', email },
        request.verificationCode,
      );
      if (!isValid) throw new AppError('VERIFICATION_CODE_INVALID');
      const member = await changeMember(
        actor,
        'member.email.bind',
        (current): MemberChange => {
          const isChanged = current.email !== email;
          return {
            patch: { email },
            before: isChanged ? { email: current.email } : {},
            after: isChanged ? { email } : {},
            isChanged,
          };
        },
        // Emails have no unique index: binders of one address queue on its lock and the later one is refused.
        async (tx) => {
          await repository.lockEmailBinding(tx, actor.context.brand.id, email);
          await assertEmailFree(tx, actor, email);
        },
      );
      return describeAccount(member, actor.context);
    },
  };
};

export type MemberAccountService = ReturnType<typeof createMemberAccountService>;

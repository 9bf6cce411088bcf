import type { setPaymentPasswordRequestSchema } from '@wps/contracts/payments';
import { paymentPasswordPattern } from '@wps/contracts/wallet';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import { hashPassword } from '../../lib/password-hashing';
import { recordAuditEvent } from '../audit/audit.service';
import type { MemberRow, MemberService } from '../members/members.service';

export type SetPaymentPasswordRequest = z.infer<typeof setPaymentPasswordRequestSchema>;

const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', { message, issues: [{ field, message }] });

/**
 * Sets or changes the six-digit payment password that confirms money leaving a wallet. A session alone is
 * not enough: the login password proves the person, and a change also needs the old payment password.
 */
export const createPaymentPasswordService = ({ db, members }: { db: Database; members: MemberService }) => {
  return {
    set: async (
      actor: { member: MemberRow; ip: string },
      request: SetPaymentPasswordRequest,
    ): Promise<void> => {
      if (!paymentPasswordPattern.test(request.newPaymentPassword)) {
        throw fieldError('newPaymentPassword', 'The payment password is six digits');
      }
      const member = await members.findById(actor.member.id);
      if (!member) throw new AppError('UNAUTHORIZED');
      // The login password counts toward the login's lock (members.checkLoginPassword).
      await members.checkLoginPassword(member, request.loginPassword);
      const isChange = member.paymentPasswordHash !== null;
      if (isChange) {
        if (request.oldPaymentPassword === undefined) {
          throw fieldError('oldPaymentPassword', 'The current payment password is required');
        }
        // Counts wrong guesses and locks after five, like every other use of the payment password.
        await members.checkPaymentPassword(member.id, request.oldPaymentPassword);
      }
      const paymentPasswordHash = await hashPassword(request.newPaymentPassword);
      await db.transaction(async (tx) => {
        await members.update(tx, member.id, { paymentPasswordHash });
        await recordAuditEvent(tx, {
          actor: { type: 'member', id: member.id.toString(), ip: actor.ip },
          action: isChange ? 'member.payment_password.change' : 'member.payment_password.set',
          entityType: 'member',
          entityId: member.id.toString(),
          // Whether one was set, never the password or its hash.
          before: { hasPaymentPassword: isChange },
          after: { hasPaymentPassword: true },
        });
      });
      await members.clearPaymentPasswordAttempts(member.id);
    },
  };
};

export type PaymentPasswordService = ReturnType<typeof createPaymentPasswordService>;

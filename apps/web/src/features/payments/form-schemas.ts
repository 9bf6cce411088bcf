import { createPayoutAccountRequestSchema, setPaymentPasswordRequestSchema } from '@wps/contracts/payments';
import { paymentPasswordPattern } from '@wps/contracts/wallet';
import { z } from 'zod';
import type { PaymentRule } from './form-messages';

/**
 * The payment forms' checks before sending, as the server's request schemas with the form's own rules: each
 * message is a payment rule key (payments.validation.*), translated when it is shown.
 */
const rule = (key: PaymentRule): string => key;

const accountNumberPattern = /^[0-9A-Za-z-]{4,34}$/;

/** The payment password as the member types it: six digits (the server's schema only bounds its length). */
export const paymentPasswordInputSchema = z
  .string()
  .regex(paymentPasswordPattern, rule('payment_password_format'));

/** A new payout account; the parsed values are trimmed, ready to send. */
export const payoutAccountFormSchema = createPayoutAccountRequestSchema.extend({
  providerName: z.string().trim().min(2, rule('provider_name')),
  accountNumber: z.string().trim().regex(accountNumberPattern, rule('account_number')),
  holderName: z.string().trim().min(2, rule('holder_name')),
  paymentPassword: paymentPasswordInputSchema,
});

/** Setting the first payment password (set) or changing it (change, which also asks for the current one). */
export const paymentPasswordFormSchema = (mode: 'set' | 'change') =>
  setPaymentPasswordRequestSchema
    .extend({
      loginPassword: z.string().min(1, rule('required')),
      oldPaymentPassword: mode === 'change' ? paymentPasswordInputSchema : z.string(),
      newPaymentPassword: paymentPasswordInputSchema,
      confirmPaymentPassword: z.string(),
    })
    .refine((values) => values.confirmPaymentPassword === values.newPaymentPassword, {
      path: ['confirmPaymentPassword'],
      message: rule('confirm_mismatch'),
    });

/** A withdrawal's account and payment password; its amount is checked against the day's limits (checkAmount). */
export const withdrawalRequestFormSchema = z.object({
  payoutAccountId: z.string().min(1, rule('payout_account_required')),
  amount: z.string(),
  paymentPassword: paymentPasswordInputSchema,
});

/** Not received needs the proof image; the form holds the file, uploaded only when it is sent. */
export const withdrawalNotReceivedFormSchema = z.object({
  proofUploadId: z.file({ message: rule('proof_required') }),
});

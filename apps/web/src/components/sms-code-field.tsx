import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../lib/use-countdown';
import { useThrottledCallback } from '../lib/use-throttled-callback';
import { TextField } from './form-field';

type SmsCodeFieldProps = {
  value: string;
  onValueChange: (value: string) => void;
  error: string | null;
  /** Sends a code; answers the seconds to wait before another, or null when nothing was sent. */
  onSend: () => Promise<number | null>;
  label?: string;
  testId?: string;
  sendTestId?: string;
};

const sendThrottleMs = 1000;

/**
 * A code sent by SMS (or mail) with its get-code button (spec section 4, SMS code sending): enabled, then disabled
 * with a seconds counter that ticks every second, then enabled again at 0. The sign-in, registration and
 * forgotten-password forms use it, and the security centre's binding of a number or an address.
 */
export function SmsCodeField({
  value,
  onValueChange,
  error,
  onSend,
  label,
  testId = 'sms-code-field',
  sendTestId = 'sms-send-button',
}: SmsCodeFieldProps) {
  const { t } = useTranslation();
  const { remaining, start } = useCountdown();
  const [isSending, setSending] = useState(false);
  const send = useThrottledCallback(() => {
    setSending(true);
    void onSend()
      .then((seconds) => {
        if (seconds !== null) start(seconds);
      })
      .finally(() => {
        setSending(false);
      });
  }, sendThrottleMs);
  return (
    <TextField
      label={label ?? t('auth.sms_code')}
      value={value}
      onValueChange={onValueChange}
      error={error}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={8}
      testId={testId}
      trailing={
        <button
          type="button"
          className="field__addon field__addon--wide"
          disabled={remaining > 0 || isSending}
          aria-busy={isSending}
          data-testid={sendTestId}
          onClick={send}
        >
          {remaining > 0 ? t('auth.sms_resend_in', { seconds: remaining }) : t('auth.sms_send')}
        </button>
      }
    />
  );
}

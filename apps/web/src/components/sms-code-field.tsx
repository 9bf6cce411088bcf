import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form-field';
import { useCountdown } from '../../../lib/use-countdown';
import { useThrottledCallback } from '../../../lib/use-throttled-callback';

type SmsCodeFieldProps = {
  value: string;
  onValueChange: (value: string) => void;
  error: string | null;
  /** Sends a code; answers the seconds to wait before another, or null when nothing was sent. */
  onSend: () => Promise<number | null>;
  label?: string;
  testId?: string;
};

const sendThrottleMs = 1000;

/**
 * The SMS code with its get-code button (spec section 4, SMS code sending): enabled, then disabled with a
 * seconds counter that ticks every second, then enabled again at 0.
 */
export function SmsCodeField({ value, onValueChange, error, onSend, label, testId }: SmsCodeFieldProps) {
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
      testId={testId ?? 'sms-code-field'}
      trailing={
        <button
          type="button"
          className="field__addon field__addon--wide"
          disabled={remaining > 0 || isSending}
          data-testid="sms-send-button"
          onClick={send}
        >
          {remaining > 0 ? t('auth.sms_resend_in', { seconds: remaining }) : t('auth.sms_send')}
        </button>
      }
    />
  );
}

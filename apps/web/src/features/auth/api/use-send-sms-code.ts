import type { RegisterFieldRule } from '@wps/contracts/site';
import { checkMobileForCountry } from '@wps/contracts/phone-numbers';
import { checkMobileNumber, type RuleMessage } from '@wps/contracts/validation-rules';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../components/dialog-provider';
import { isApiError } from '../../../lib/api-client';
import { hideGlobalLoader, showGlobalLoader } from '../../../lib/global-loader';
import { translateApiError } from '../../../lib/translate-message';
import { sendSmsCode, type SmsPurpose } from './send-sms-code';

const secondsPerMinute = 60;

type SmsCodeRequest = {
  mobileNum: string;
  countryCode: string;
  mobileRule: RegisterFieldRule;
  /** The number breaks the brand's mobile rule: its message goes beside the number, nothing is sent. */
  onNumberRefused: (message: RuleMessage) => void;
};

/**
 * The get-code button of the SMS code fields (spec section 4, SMS code sending): the number is checked against
 * the brand's mobile rule first, then the code is asked for. Answers the seconds to wait before another code
 * (the code's validity the server gives, or `countdownSeconds` where the form fixes it), or null when nothing
 * was sent.
 */
export const useSendSmsCode = (purpose: SmsPurpose, countdownSeconds?: number) => {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  return async ({
    mobileNum,
    countryCode,
    mobileRule,
    onNumberRefused,
  }: SmsCodeRequest): Promise<number | null> => {
    const mobileError =
      checkMobileNumber(mobileNum, mobileRule, true) ?? checkMobileForCountry(countryCode, mobileNum);
    if (mobileError !== null) {
      onNumberRefused(mobileError);
      return null;
    }
    showGlobalLoader();
    try {
      const minutes = await sendSmsCode(purpose, {
        countryDialingCode: countryCode,
        mobileNo: mobileNum.trim(),
      });
      return countdownSeconds ?? minutes * secondsPerMinute;
    } catch (error) {
      hideGlobalLoader();
      // Spec section 8: a failed SMS request shows the server's message in a warning with a confirm button.
      await dialogs.alert({ message: isApiError(error) ? error.message : translateApiError(t, error) });
      return null;
    } finally {
      hideGlobalLoader();
    }
  };
};

import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form-field';
import './captcha-field.css';

type CaptchaFieldProps = {
  value: string;
  onValueChange: (value: string) => void;
  error: string | null;
  image: string | null;
  isLoading: boolean;
  /** Throttled to once per second by the caller (spec section 9). */
  onRefresh: () => void;
};

/** The captcha answer with its image; clicking the image loads a new one. */
export function CaptchaField({
  value,
  onValueChange,
  error,
  image,
  isLoading,
  onRefresh,
}: CaptchaFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.captcha')}
      value={value}
      onValueChange={onValueChange}
      error={error}
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      maxLength={16}
      testId="captcha-field"
      trailing={
        <button
          type="button"
          className="captcha-button"
          aria-label={t('auth.captcha_refresh')}
          title={t('auth.captcha_refresh')}
          aria-busy={isLoading}
          data-testid="captcha-refresh"
          onClick={onRefresh}
        >
          {image === null ? (
            <span className="captcha-button__placeholder">{t('common.loading')}</span>
          ) : (
            <img src={image} alt={t('auth.captcha_image')} data-testid="captcha-image" />
          )}
        </button>
      }
    />
  );
}

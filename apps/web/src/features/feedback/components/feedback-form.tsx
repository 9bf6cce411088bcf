import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../components/dialog-provider';
import { QueryState } from '../../../components/query-state';
import { translateApiError } from '../../../lib/translate-message';
import { useFeedbackSetting } from '../api/get-feedback-setting';
import {
  admitFeedbackImages,
  checkFeedbackContent,
  feedbackImageAccept,
  submitFeedback,
  type FeedbackProblem,
} from '../api/submit-feedback';
import './feedback-form.css';

/** Feedback and complaints: text within the brand's word bounds and up to 3 png or jpg images of 5 MB. */
export function FeedbackForm() {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const fieldId = useId();
  const setting = useFeedbackSetting();
  const [content, setContent] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [problem, setProblem] = useState<FeedbackProblem | null>(null);
  const [isSending, setSending] = useState(false);

  if (setting.data === undefined) {
    return <QueryState error={setting.error} onRetry={() => void setting.refetch()} />;
  }
  const bounds = setting.data;
  const describe = (found: FeedbackProblem): string =>
    found.code === 'FEEDBACK_WORD_COUNT'
      ? t('feedback.word_bounds', { min: found.minWords, max: found.maxWords })
      : found.fileName
        ? `${found.fileName}: ${t(`errors.${found.code}`)}`
        : t(`errors.${found.code}`);

  const send = async () => {
    const found = checkFeedbackContent(content, bounds);
    setProblem(found);
    if (found !== null) return;
    setSending(true);
    try {
      await submitFeedback(content.trim(), images);
      setContent('');
      setImages([]);
      dialogs.toast(t('feedback.sent'));
    } catch (error) {
      await dialogs.alert({ message: translateApiError(t, error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className="feedback-form"
      data-testid="feedback-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label htmlFor={`${fieldId}-content`} className="field__label">
        {t('feedback.content')}
      </label>
      <textarea
        id={`${fieldId}-content`}
        className="field__input feedback-form__content"
        data-testid="feedback-content"
        rows={6}
        value={content}
        aria-describedby={`${fieldId}-hint`}
        onChange={(event) => {
          setContent(event.target.value);
        }}
      />
      <p id={`${fieldId}-hint`} className="muted">
        {t('feedback.word_bounds', { min: bounds.minWords, max: bounds.maxWords })}
      </p>
      <label htmlFor={`${fieldId}-images`} className="field__label">
        {t('feedback.images', { max: bounds.maxImages })}
      </label>
      <input
        id={`${fieldId}-images`}
        type="file"
        multiple
        accept={feedbackImageAccept}
        data-testid="feedback-images"
        onChange={(event) => {
          const chosen = [...(event.target.files ?? [])];
          event.target.value = '';
          const { accepted, problem: found } = admitFeedbackImages(images, chosen, bounds);
          setImages([...images, ...accepted]);
          setProblem(found);
        }}
      />
      {images.length > 0 && (
        <ul className="feedback-form__images" data-testid="feedback-image-list">
          {images.map((image, index) => (
            <li key={`${image.name}-${String(index)}`}>
              <span dir="auto">{image.name}</span>
              <button
                type="button"
                className="button button--ghost"
                aria-label={t('feedback.remove_image', { name: image.name })}
                onClick={() => {
                  setImages(images.filter((_, position) => position !== index));
                  setProblem(null);
                }}
              >
                {t('feedback.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {problem !== null && (
        <p className="field__error" role="alert" data-testid="feedback-error">
          {describe(problem)}
        </p>
      )}
      <button
        type="submit"
        className="button button--primary"
        data-testid="feedback-submit"
        disabled={isSending}
      >
        {t('feedback.submit')}
      </button>
    </form>
  );
}

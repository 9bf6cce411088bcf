import { chatBodyMaxLength } from '@wps/contracts/live-chat';
import { useCallback, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { translateApiError } from '../../../lib/translate-message';
import { useThrottledCallback } from '../../../lib/use-throttled-callback';
import { chatImageAccept, checkChatImage, useSendChatMessage } from '../api/send-chat-message';
import { chatTypingIntervalMs, sendChatTyping } from '../api/send-chat-typing';

type ChatComposerProps = {
  /** Typing signals go only to a conversation that is open (staff may be watching it). */
  canSignalTyping: boolean;
  /** The server refused a free-play account: the room shows its refusal instead. */
  onTrialRefused: () => void;
};

/** Paper clip. */
const attachIconPath =
  'M16.5 6.5l-7.8 7.8a2 2 0 002.8 2.8l7.8-7.8a4 4 0 00-5.6-5.6L5.9 11.5a6 6 0 008.5 8.5l6.1-6.1';

/**
 * The message box: Enter sends, Shift+Enter starts a new line; an image (png or jpg, at most 5 MB, checked
 * before upload) is sent as soon as it is chosen.
 */
export function ChatComposer({ canSignalTyping, onTrialRefused }: ChatComposerProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const problemId = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const sending = useSendChatMessage();

  const signalTyping = useThrottledCallback(
    useCallback(() => {
      sendChatTyping().catch(() => undefined);
    }, []),
    chatTypingIntervalMs,
  );

  const send = (draft: { body?: string; image?: File }, onSent?: () => void) => {
    setProblem(null);
    sending.mutate(draft, {
      onSuccess: onSent,
      onError: (error) => {
        if (isApiError(error) && error.code === 'TRIAL_NOT_ALLOWED') onTrialRefused();
        else setProblem(translateApiError(t, error));
      },
    });
  };

  const sendText = () => {
    const body = text.trim();
    if (body === '' || sending.isPending) return;
    send({ body }, () => {
      setText('');
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // An input method's Enter picks a candidate; it does not send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    sendText();
  };

  const attach = (file: File | undefined) => {
    if (file === undefined) return;
    const fileProblem = checkChatImage(file);
    if (fileProblem !== null) {
      setProblem(t(`errors.${fileProblem}`));
      return;
    }
    send({ image: file });
  };

  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        sendText();
      }}
    >
      {problem !== null && (
        <p className="chat-composer__problem" role="alert" id={problemId} data-testid="chat-problem">
          {problem}
        </p>
      )}
      <div className="chat-composer__row">
        <label className="chat-composer__attach" data-testid="chat-attach" title={t('chat.attach_image')}>
          <input
            type="file"
            accept={chatImageAccept}
            className="visually-hidden"
            disabled={sending.isPending}
            onChange={(event) => {
              attach(event.target.files?.[0]);
              // The same file may be chosen again after a refusal.
              event.target.value = '';
            }}
          />
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path
              d={attachIconPath}
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          <span className="visually-hidden">{t('chat.attach_image')}</span>
        </label>
        <label htmlFor={inputId} className="visually-hidden">
          {t('chat.message_label')}
        </label>
        <textarea
          id={inputId}
          className="chat-composer__input"
          data-testid="chat-composer"
          rows={2}
          maxLength={chatBodyMaxLength}
          placeholder={t('chat.placeholder')}
          value={text}
          aria-describedby={problem === null ? undefined : problemId}
          onChange={(event) => {
            setText(event.target.value);
            if (canSignalTyping && event.target.value.trim() !== '') signalTyping();
          }}
          onKeyDown={onKeyDown}
        />
        <button
          type="submit"
          className="button button--primary chat-composer__send"
          data-testid="chat-send"
          disabled={sending.isPending}
        >
          {t('chat.send')}
        </button>
      </div>
      {text.length > chatBodyMaxLength - 200 && (
        <p className="chat-composer__count" aria-live="polite">
          {t('chat.characters_left', { remaining: chatBodyMaxLength - text.length })}
        </p>
      )}
    </form>
  );
}

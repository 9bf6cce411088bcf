import { chatBodyMaxLength } from '@wps/contracts/live-chat';
import { uploadLimits } from '@wps/contracts/uploads';
import { type KeyboardEvent, type SyntheticEvent, useRef, useState } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { sendTyping, useCannedReplies, useSendReply } from './api';

/** The member's site shows "typing" for a few seconds per signal: one signal per this many ms is enough. */
const typingSignalMs = 3000;

type ReplyBoxProps = { conversationId: string; onTyping: () => void };

/**
 * The staff's reply: Enter sends (Shift+Enter starts a new line), a canned reply is inserted where the cursor
 * is, an image chosen is sent at once (png or jpg, 5 MB, judged again by the server), and typing tells the member's open site (at most once per few seconds).
 */
export const ChatReplyBox = ({ conversationId, onTyping }: ReplyBoxProps) => {
  const [text, setText] = useState('');
  const send = useSendReply(conversationId);
  const canned = useCannedReplies(true);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const lastTypingAt = useRef(0);
  const trimmed = text.trim();

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (trimmed === '' || send.isPending) return;
    send.mutate(
      { body: trimmed },
      {
        onSuccess: () => {
          setText('');
        },
      },
    );
  };

  const signalTyping = () => {
    const now = Date.now();
    if (now - lastTypingAt.current < typingSignalMs) return;
    lastTypingAt.current = now;
    onTyping();
    sendTyping(conversationId).catch(() => undefined);
  };

  const insertCanned = (id: string) => {
    const reply = canned.data?.list.find((entry) => entry.id === id);
    if (reply === undefined) return;
    const start = textarea.current?.selectionStart ?? text.length;
    const end = textarea.current?.selectionEnd ?? text.length;
    setText(`${text.slice(0, start)}${reply.body}${text.slice(end)}`);
    textarea.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  return (
    <form className="chat-reply" onSubmit={submit} aria-label="Reply" data-testid="chat-reply-form">
      <label>
        Reply
        <textarea
          ref={textarea}
          rows={3}
          value={text}
          maxLength={chatBodyMaxLength}
          aria-describedby="chat-reply-hint"
          onChange={(event) => {
            setText(event.target.value);
            signalTyping();
          }}
          onKeyDown={onKeyDown}
          data-testid="chat-reply-text"
        />
      </label>
      <p id="chat-reply-hint" className="muted chat-reply__hint">
        Enter sends, Shift+Enter starts a new line.
      </p>
      <div className="chat-reply__bar">
        <label className="chat-reply__canned">
          Canned reply
          <select
            value=""
            onChange={(event) => {
              insertCanned(event.target.value);
            }}
            disabled={(canned.data?.list.length ?? 0) === 0}
            data-testid="chat-canned-picker"
          >
            <option value="">
              {(canned.data?.list.length ?? 0) === 0 ? 'No canned replies' : 'Insert a canned reply…'}
            </option>
            {(canned.data?.list ?? []).map((reply) => (
              <option key={reply.id} value={reply.id}>
                {reply.title}
              </option>
            ))}
          </select>
        </label>
        <label className="chat-reply__attach">
          Attach an image
          <input
            type="file"
            accept={uploadLimits.contentTypes.join(',')}
            disabled={send.isPending}
            onChange={(event) => {
              const image = event.target.files?.[0];
              event.target.value = '';
              if (image !== undefined) send.mutate({ image });
            }}
            data-testid="chat-reply-image"
          />
        </label>
        <button
          type="submit"
          className="button button--primary"
          disabled={trimmed === '' || send.isPending}
          data-testid="chat-reply-send"
        >
          Send
        </button>
      </div>
      <ErrorMessage error={send.error ?? canned.error} testId="chat-reply-error" />
    </form>
  );
};

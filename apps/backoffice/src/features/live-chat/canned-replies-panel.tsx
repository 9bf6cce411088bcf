import { chatBodyMaxLength } from '@wps/contracts/live-chat';
import { type SyntheticEvent, useState } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { TextField } from '../../components/shared-field';
import { useCannedReplies, useCreateCannedReply, useDeleteCannedReply } from './api';

/** The brand's canned replies kept by staff with chat.manage: added with a title, deleted from the list. */
export const CannedRepliesPanel = () => {
  const replies = useCannedReplies(true);
  const create = useCreateCannedReply();
  const remove = useDeleteCannedReply();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');

  const add = (event: SyntheticEvent) => {
    event.preventDefault();
    if (title.trim() === '' || body.trim() === '') return;
    create.mutate(
      { title: title.trim(), body: body.trim() },
      {
        onSuccess: () => {
          setTitle('');
          setBody('');
        },
      },
    );
  };

  const list = replies.data?.list ?? [];
  return (
    <section className="card chat-canned" aria-labelledby="chat-canned-title" data-testid="chat-canned-panel">
      <h2 id="chat-canned-title">Canned replies</h2>
      <ErrorMessage error={replies.error ?? remove.error} />
      {list.length === 0 ? (
        <p className="empty">No canned replies yet.</p>
      ) : (
        <ul className="chat-canned__list">
          {list.map((reply) => (
            <li key={reply.id} data-testid={`chat-canned-${reply.id}`}>
              <div>
                <strong>{reply.title}</strong>
                <p className="muted chat-canned__body">{reply.body}</p>
              </div>
              <button
                type="button"
                className="button button--danger"
                aria-label={`Delete canned reply ${reply.title}`}
                disabled={remove.isPending}
                onClick={() => {
                  remove.mutate(reply.id);
                }}
                data-testid={`chat-canned-delete-${reply.id}`}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} aria-label="Add a canned reply">
        <TextField
          label="Title"
          value={title}
          onChange={setTitle}
          maxLength={100}
          required
          testId="chat-canned-title"
        />
        <label>
          Text
          <textarea
            rows={3}
            value={body}
            maxLength={chatBodyMaxLength}
            required
            onChange={(event) => {
              setBody(event.target.value);
            }}
            data-testid="chat-canned-body"
          />
        </label>
        <ErrorMessage error={create.error} />
        <button
          type="submit"
          className="button"
          disabled={create.isPending || title.trim() === '' || body.trim() === ''}
          data-testid="chat-canned-add"
        >
          Add canned reply
        </button>
      </form>
    </section>
  );
};

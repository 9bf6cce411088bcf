import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Modal } from '../../../components/modal';
import { useSession } from '../../auth/api/use-session';
import { ChatConversationView } from './chat-conversation-view';
import './live-chat.css';

type ChatRoomModalProps = { onClose: () => void };

/**
 * The chat room (spec section 2, Modals): the member's conversation with the brand's support. The chat needs a
 * member: a visitor is asked to log in, and a free-play account is told what the server answers it.
 */
export function ChatRoomModal({ onClose }: ChatRoomModalProps) {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <Modal title={t('chat.title')} onClose={onClose} testId="chat-modal" size="wide" closeOnCover={false}>
      {session.isResolving ? (
        <p className="chat-room__notice" role="status">
          {t('common.loading')}
        </p>
      ) : !session.isLogin ? (
        <div className="chat-room__notice" data-testid="chat-login-prompt">
          <p>{t('chat.login_prompt')}</p>
          <Link to="/login" className="button button--primary">
            {t('chat.log_in')}
          </Link>
        </div>
      ) : session.isTrial ? (
        <p className="chat-room__notice" role="status" data-testid="chat-trial-notice">
          {t('errors.TRIAL_NOT_ALLOWED')}
        </p>
      ) : (
        <ChatConversationView />
      )}
    </Modal>
  );
}

import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useDialogs } from '../../../components/dialog-provider';
import { Icon } from '../../../components/icon';
import { openExternalLink } from '../../../lib/open-external-link';
import { translateApiError } from '../../../lib/translate-message';
import { isSitePath, resolveSiteChatTarget } from '../../live-chat/api/chat-modal-link';
import { launchChat, useChatModels } from '../api/live-chat';

/**
 * The live-chat entry (CBS_modelList, CBS_launchChat): an icon for the right bar, a list item for the side
 * menu, or a button for the agent centre's bar; nothing when the brand has no live chat. A chat URL on the site (our chat room, '/?modal=chat') opens
 * the chat room modal over the current page; an external one (a brand's third-party desk) opens in a new tab.
 */
export function LiveChatButton({ variant }: { variant: 'menu-item' | 'icon' | 'button' }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const location = useLocation();
  const models = useChatModels();
  const [model] = models.data ?? [];
  if (model === undefined) return null;
  const open = async () => {
    try {
      const chatUrl = await launchChat(model.modelId);
      if (isSitePath(chatUrl)) await navigate(resolveSiteChatTarget(chatUrl, location));
      else openExternalLink(chatUrl);
    } catch (error) {
      await dialogs.alert({ message: translateApiError(t, error) });
    }
  };
  if (variant === 'button') {
    return (
      <button
        type="button"
        className="button button--ghost"
        data-testid="live-chat-button"
        onClick={() => void open()}
      >
        {t('site_tools.live_chat')}
      </button>
    );
  }
  return variant === 'icon' ? (
    <button
      type="button"
      className="floating-bar__item"
      aria-label={t('site_tools.live_chat')}
      title={t('site_tools.live_chat')}
      data-testid="live-chat-icon"
      onClick={() => void open()}
    >
      <Icon name="chat" />
    </button>
  ) : (
    <li>
      <button
        type="button"
        className="side-menu__link"
        data-testid="live-chat-entry"
        onClick={() => void open()}
      >
        {t('site_tools.live_chat')}
      </button>
    </li>
  );
}

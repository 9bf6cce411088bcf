import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { hasWaitingContractRequest, useContractInfo } from '../../features/agents/api/get-contract-info';
import { useRememberedSession } from '../../features/auth/api/use-remembered-session';
import { ForcedPasswordChange } from '../../features/members/components/forced-password-change';
import { memberSectionPath } from '../../features/members/member-sections';
import { isChatModalOpen, withoutChatModal } from '../../features/live-chat/api/chat-modal-link';
import { RealityCheck } from '../../features/protection/components/reality-check';
import { usePermission } from '../../features/site/api/get-permission';
import { useMemberEvents } from '../../features/wallet/api/use-member-events';
import { hideGlobalLoader } from '../../lib/global-loader';
import { lazyComponent } from '../../lib/lazy-component';
import { useRouteHandle } from '../route-handle';

const useRouteChangeEffects = (): void => {
  const { pathname, search: fullSearch, hash } = useLocation();
  // Opening or closing the chat room modal lays it over the page: the page keeps its scroll.
  const search = withoutChatModal(fullSearch);
  useEffect(() => {
    hideGlobalLoader();
    // A fragment such as /help#term points at a section; every other change starts at the top.
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, search, hash]);
};

const setMetaDescription = (content: string): void => {
  let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  tag.content = content;
};

const useDocumentMeta = (): void => {
  const { t } = useTranslation();
  const { siteName } = usePermission();
  const { meta } = useRouteHandle();
  const title = meta ? `${t(`meta.${meta}.title`)} | ${siteName}` : siteName;
  const description = meta ? t(`meta.${meta}.description`) : t('meta.default.description');
  useEffect(() => {
    document.title = title;
    setMetaDescription(description);
  }, [title, description]);
};

// The chat room's code loads the first time it opens.
const ChatRoomModal = lazyComponent('chat-room', () =>
  import('../../features/live-chat/components/chat-room-modal').then((module) => module.ChatRoomModal),
);

/** The chat room modal over whichever page carries `modal=chat`; closing it leaves the page as it was. */
function ChatRoom() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  if (!isChatModalOpen(search)) return null;
  return (
    <ChatRoomModal
      onClose={() => {
        void navigate({ pathname, search: withoutChatModal(search), hash }, { replace: true });
      }}
    />
  );
}

// The contract popup's code loads only when a contract request waits for the member.
const ContractPopup = lazyComponent('contract-popup', () =>
  import('../../features/agents/components/contract-popup').then((module) => module.ContractPopup),
);

export function RootLayout() {
  useRouteChangeEffects();
  useDocumentMeta();
  useRememberedSession();
  useMemberEvents();
  const contractInfo = useContractInfo();
  return (
    <>
      <Outlet />
      <ForcedPasswordChange />
      <RealityCheck
        limitsPath={memberSectionPath('responsibleGaming')}
        historyPath={memberSectionPath('personalHistoryCopy')}
      />
      {hasWaitingContractRequest(contractInfo) && <ContractPopup />}
      <ChatRoom />
    </>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../../lib/lazy-component';
import { useContentLanguage } from '../api/content-query-keys';
import { useContent } from '../api/get-content';
import { useAnnouncementAudience, useAnnouncementPopupClosed } from '../use-announcement-audience';
import { BannerCarousel } from './banner-carousel';
import { NoticeMarquee } from './notice-marquee';

// The popups (and the HTML sanitiser they carry) load only when one opens.
const AnnouncementPopup = lazyComponent('announcement-popup', () =>
  import('./announcement-popup').then((module) => module.AnnouncementPopup),
);

type HomeContentProps = {
  /** The messages link with the member's unread count, for the marquee; absent for guests. */
  messages?: { count: number; to: string } | undefined;
  /**
   * A modal the visitor came for is open (an affiliate link's sign-up form): the announcement popup waits,
   * unclosed, and shows once the modal has gone.
   */
  isPopupHeld?: boolean;
};

/**
 * The top of the home page from the content call: the w_home banners, the notice marquee (a click opens the
 * notice popup) and the announcement popup for the visitor's audience, once per session until closed.
 */
export function HomeContent({ messages, isPopupHeld = false }: HomeContentProps) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const audience = useAnnouncementAudience();
  const content = useContent(audience ?? 'B', language, { enabled: audience !== null });
  const popup = useAnnouncementPopupClosed(audience);
  const [openNoticeId, setOpenNoticeId] = useState<string | null>(null);

  const banners = content.data?.banners.filter((banner) => banner.groupName === 'w_home') ?? [];
  const notices = content.data?.notices ?? [];
  const popupItems = content.data?.popup ?? [];
  return (
    <>
      <BannerCarousel banners={banners} isLoading={content.isPending} />
      <NoticeMarquee
        notices={notices}
        messages={messages}
        isLoading={content.isPending}
        onOpenNotice={setOpenNoticeId}
      />
      {openNoticeId !== null && (
        <AnnouncementPopup
          title={t('content.notices.popup_title')}
          items={notices}
          initialId={openNoticeId}
          testId="notice-popup"
          onClose={() => {
            setOpenNoticeId(null);
          }}
        />
      )}
      {!isPopupHeld && !popup.isClosed && popupItems.length > 0 && (
        <AnnouncementPopup
          title={t('content.announcements.popup_title')}
          items={popupItems}
          testId="announcement-popup"
          onClose={popup.close}
        />
      )}
    </>
  );
}

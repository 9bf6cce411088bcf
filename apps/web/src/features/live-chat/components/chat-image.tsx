import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { useChatImageUrl } from '../api/get-chat-image';

/** A message's image as a thumbnail that opens full size. */
export function ChatImage({ uploadId }: { uploadId: string }) {
  const { t } = useTranslation();
  const image = useChatImageUrl(uploadId);
  const href = image.data ?? null;
  const [isOpen, setIsOpen] = useState(false);
  if (image.isError) {
    return <span className="chat-image chat-image--missing">{t('chat.image_unavailable')}</span>;
  }
  if (href === null) {
    return (
      <span className="chat-image chat-image--loading" role="status">
        <span className="visually-hidden">{t('common.loading')}</span>
      </span>
    );
  }
  return (
    <>
      <button
        type="button"
        className="chat-image"
        aria-label={t('chat.open_image')}
        onClick={() => {
          setIsOpen(true);
        }}
      >
        <img src={href} alt="" className="chat-image__thumbnail" />
      </button>
      {isOpen && (
        <Modal
          title={t('chat.image_title')}
          size="wide"
          onClose={() => {
            setIsOpen(false);
          }}
          testId="chat-image-full"
        >
          <img src={href} alt={t('chat.image_title')} className="chat-image__full" />
        </Modal>
      )}
    </>
  );
}

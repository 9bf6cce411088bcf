import type { Banner } from '@wps/contracts/content';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Swiper as SwiperInstance } from 'swiper';
import { Autoplay, EffectCoverflow, Keyboard } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/effect-coverflow';
import { Icon } from '../../../components/icon';
import { BannerSlide } from './banner-slide';
import { swiperSettings } from './carousel-settings';

type SwiperCarouselProps = {
  banners: readonly Banner[];
  /** Started when the first autoplay step was due: move on to the second banner at once. */
  advanceOnStart?: boolean;
};

/** The moving carousel, loaded on its own so the home page's first script does not carry Swiper. */
export function SwiperCarousel({ banners, advanceOnStart = false }: SwiperCarouselProps) {
  const { t, i18n } = useTranslation();
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  return (
    <div className="banner-carousel__track" data-testid="banner-carousel-swiper">
      <Swiper
        {...swiperSettings}
        // Swiper reads the direction once; a language switch re-creates it.
        key={i18n.dir()}
        dir={i18n.dir()}
        modules={[Autoplay, EffectCoverflow, Keyboard]}
        keyboard={{ enabled: true, onlyInViewport: true }}
        onSwiper={(instance) => {
          setSwiper(instance);
          if (advanceOnStart) instance.slideNext();
        }}
        onSlideChange={(instance) => {
          setActiveIndex(instance.realIndex);
        }}
      >
        {banners.map((banner, index) => (
          <SwiperSlide key={banner.id}>
            <BannerSlide banner={banner} isFirst={index === 0} />
          </SwiperSlide>
        ))}
      </Swiper>
      <button
        type="button"
        className="banner-carousel__arrow banner-carousel__arrow--previous"
        aria-label={t('content.banners.previous')}
        data-testid="banner-previous"
        onClick={() => swiper?.slidePrev()}
      >
        <Icon name="arrow-back" className="flip-rtl" />
      </button>
      <button
        type="button"
        className="banner-carousel__arrow banner-carousel__arrow--next"
        aria-label={t('content.banners.next')}
        data-testid="banner-next"
        onClick={() => swiper?.slideNext()}
      >
        <Icon name="arrow-back" className="banner-carousel__next-icon" />
      </button>
      <div className="banner-carousel__pagination" role="group" aria-label={t('content.banners.pagination')}>
        {banners.map((banner, index) => (
          <button
            key={banner.id}
            type="button"
            className="banner-carousel__dot"
            aria-label={t('content.banners.go_to', { number: index + 1 })}
            aria-current={index === activeIndex ? 'true' : undefined}
            data-testid="banner-dot"
            onClick={() => swiper?.slideToLoop(index)}
          />
        ))}
      </div>
    </div>
  );
}

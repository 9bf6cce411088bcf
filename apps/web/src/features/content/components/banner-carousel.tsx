import type { Banner } from '@wps/contracts/content';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadChunk } from '../../../lib/lazy-component';
import { BannerSlide } from './banner-slide';
import { carouselAutoplayDelayMs, isCarousel } from './carousel-settings';
import './banner-carousel.css';

/** The first banner, static: what one banner shows, and what a carousel shows while Swiper loads. */
function StaticBanner({ banner }: { banner: Banner }) {
  return (
    <div className="banner-carousel__track">
      <BannerSlide banner={banner} isFirst />
    </div>
  );
}

// Swiper loads after the first banner is on screen, so it never weighs on the home page's first script.
const SwiperCarousel = lazy(async () => ({
  default: await loadChunk('swiper-carousel', () =>
    import('./swiper-carousel').then((module) => module.SwiperCarousel),
  ),
}));

/**
 * When the carousel brings in Swiper (several banners only): when the first autoplay step is due (the
 * first banner has then been on screen for the autoplay delay, and Swiper moves it on at once), or as soon
 * as the visitor reaches for the carousel. Until then the first banner is a plain image and no Swiper code
 * runs, so loading the home page does not pay for it.
 */
const useSwiperStart = (isCarouselShown: boolean) => {
  const [start, setStart] = useState<'waiting' | 'autoplay' | 'visitor'>('waiting');
  useEffect(() => {
    if (!isCarouselShown || start !== 'waiting') return;
    const timer = setTimeout(() => {
      setStart('autoplay');
    }, carouselAutoplayDelayMs);
    return () => {
      clearTimeout(timer);
    };
  }, [isCarouselShown, start]);
  return {
    isStarted: isCarouselShown && start !== 'waiting',
    advanceOnStart: start === 'autoplay',
    reachFor: () => {
      if (isCarouselShown && start === 'waiting') setStart('visitor');
    },
  };
};

/** The banners' box while the content call is on its way: the same size, so nothing below moves. */
function BannerPlaceholder() {
  return (
    <div className="banner-carousel" aria-hidden="true" data-testid="banner-placeholder">
      <div className="banner-carousel__track" />
    </div>
  );
}

type BannerCarouselProps = {
  banners: readonly Banner[];
  /** The content call has not answered yet: the banners' box is held. */
  isLoading?: boolean;
};

/**
 * Spec section 2, Home and Banner carousel: the w_home banners; nothing when there are none. The first
 * banner is a plain image as soon as the content call answers; Swiper (several banners only) follows.
 */
export function BannerCarousel({ banners, isLoading = false }: BannerCarouselProps) {
  const { t } = useTranslation();
  const [first] = banners;
  const swiper = useSwiperStart(isCarousel(banners.length));
  if (first === undefined) return isLoading ? <BannerPlaceholder /> : null;
  return (
    <section
      className="banner-carousel"
      aria-label={t('content.banners.label')}
      data-testid="banner-carousel"
      onPointerOver={swiper.reachFor}
      onTouchStart={swiper.reachFor}
      onFocus={swiper.reachFor}
    >
      {swiper.isStarted ? (
        <Suspense fallback={<StaticBanner banner={first} />}>
          <SwiperCarousel banners={banners} advanceOnStart={swiper.advanceOnStart} />
        </Suspense>
      ) : (
        <StaticBanner banner={first} />
      )}
    </section>
  );
}

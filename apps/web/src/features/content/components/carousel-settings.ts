/** Spec section 9, Banner carousel. */
export const carouselAutoplayDelayMs = 5_000;
export const carouselSpeedMs = 1_000;
export const carouselCoverflowDepth = 200;
export const carouselCoverflowRotate = 30;

/**
 * Spec section 2, Banner carousel: more than one banner loops, autoplays, and has arrows and clickable
 * pagination; a single banner is static (no Swiper at all).
 */
export const isCarousel = (bannerCount: number): boolean => bannerCount > 1;

/** What Swiper is given for a carousel (the arrows and pagination are the site's own buttons). */
export const swiperSettings = {
  loop: true,
  speed: carouselSpeedMs,
  autoplay: { delay: carouselAutoplayDelayMs, disableOnInteraction: false, pauseOnMouseEnter: true },
  effect: 'coverflow',
  coverflowEffect: { depth: carouselCoverflowDepth, rotate: carouselCoverflowRotate, slideShadows: false },
  slidesPerView: 1,
  centeredSlides: true,
  grabCursor: true,
} as const;

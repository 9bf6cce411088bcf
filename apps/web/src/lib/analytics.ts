declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

/** Loads Google's gtag.js for the brand's measurement id, as the permission response configures it. */
export const loadGoogleAnalytics = (measurementId: string): void => {
  const dataLayer = (window.dataLayer ??= []);
  // gtag.js reads the `arguments` objects it finds in dataLayer, not plain arrays.
  window.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', measurementId);

  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  script.dataset.analytics = 'gtag';
  document.head.append(script);
};

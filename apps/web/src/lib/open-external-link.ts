const allowedProtocols = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/** The URL when it is safe to open (no `javascript:` and the like), otherwise null. */
export const toSafeExternalUrl = (path: string): string | null => {
  try {
    const url = new URL(path, window.location.origin);
    return allowedProtocols.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
};

export const openExternalLink = (path: string): void => {
  const url = toSafeExternalUrl(path);
  if (url) window.open(url, '_blank', 'noopener,noreferrer');
};

import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * A promotion's terms as markup. The server sanitises them when the operator saves; they are sanitised again
 * here (as the content feature does) because the site never trusts markup it did not write.
 */
export function PromotionTerms({ html }: { html: string }) {
  const clean = useMemo(
    () =>
      DOMPurify.sanitize(html, {
        USE_PROFILES: { html: true },
        FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
        FORBID_ATTR: ['style'],
      }),
    [html],
  );
  return (
    <div
      className="promotion-terms"
      data-testid="promotion-terms"
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}

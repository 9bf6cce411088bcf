import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import './sanitized-html.css';

/**
 * Operator HTML (announcements, help) as markup. The server sanitises it when saved; it is sanitised again
 * here because the site must never trust markup it did not write, whatever path a row took into the database.
 */
export function SanitizedHtml({
  html,
  className,
  testId,
}: {
  html: string;
  className?: string;
  testId?: string;
}) {
  const clean = useMemo(
    () =>
      DOMPurify.sanitize(html, {
        USE_PROFILES: { html: true },
        FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
        FORBID_ATTR: ['style'],
      }),
    [html],
  );
  return <div className={className} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />;
}

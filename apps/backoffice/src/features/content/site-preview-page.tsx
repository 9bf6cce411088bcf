import { type Execution, executions } from '@wps/contracts/content';
import { useState } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { useAnnouncements, useBanners } from './api';
import { executionLabels } from './announcements-page';
import { isLive } from './content-form';
import './content.css';

/**
 * The site as players see it: opened as a guest in a new tab, and, for each audience, what shows now (the home
 * banners, the marquee and the popups). The server has no way for an operator to act as a member, so a
 * member's view is this list, not the site itself.
 */
export const SitePreviewPage = () => {
  const banners = useBanners();
  const announcements = useAnnouncements();
  const [audience, setAudience] = useState<Execution>('A');
  const live = (announcements.data?.list ?? []).filter((announcement) =>
    isLive({ isEnabled: announcement.isEnabled, from: announcement.startDate, to: announcement.endDate }),
  );
  const homeBanners = (banners.data?.list ?? [])
    .filter(
      (banner) =>
        banner.groupName === 'w_home' &&
        isLive({ isEnabled: banner.isEnabled, from: banner.activeFrom, to: banner.activeTo }),
    )
    .sort((a, b) => a.sortOrder - b.sortOrder);
  const marquee = live.filter((announcement) => announcement.type === 'PL');
  const popups = live.filter(
    (announcement) => announcement.type === 'PU' && announcement.execution === audience,
  );
  return (
    <section aria-labelledby="site-preview-title">
      <h1 id="site-preview-title">Site preview</h1>
      <p>
        <a href="/" target="_blank" rel="noopener noreferrer" className="button" data-testid="preview-guest">
          Open the site as a guest
        </a>
      </p>
      <p className="muted" data-testid="preview-member-note">
        Open it in a private window to be sure you are not signed in there. The console cannot open the site
        as a member; below is what each audience is shown now.
      </p>
      <fieldset className="segmented" data-testid="preview-audiences">
        <legend>Audience</legend>
        {executions.map((value) => (
          <button
            key={value}
            type="button"
            className="button"
            aria-pressed={value === audience}
            data-testid={`preview-audience-${value}`}
            onClick={() => {
              setAudience(value);
            }}
          >
            {executionLabels[value]}
          </button>
        ))}
      </fieldset>
      <ErrorMessage error={banners.error ?? announcements.error} testId="preview-error" />
      <h2>Home banners</h2>
      <ul data-testid="preview-banners">
        {homeBanners.map((banner) => (
          <li key={banner.id}>
            <img className="content-thumbnail" src={banner.imageUrl} alt={banner.title} /> {banner.title}
          </li>
        ))}
      </ul>
      <h2>Marquee</h2>
      <ul data-testid="preview-marquee">
        {marquee.map((notice) => (
          <li key={notice.id} dir="auto">
            {notice.title} <span className="muted">({notice.language})</span>
          </li>
        ))}
      </ul>
      <h2>Popups</h2>
      <ul data-testid="preview-popups">
        {popups.map((popup) => (
          <li key={popup.id} dir="auto">
            {popup.title} <span className="muted">({popup.language})</span>
          </li>
        ))}
      </ul>
    </section>
  );
};

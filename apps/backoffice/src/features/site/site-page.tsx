import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorMessage } from '../../components/error-message';
import { useCan } from '../session/api';
import {
  useDeliverySettings,
  useSiteDomains,
  useSiteLinks,
  useSiteSettings,
  useSocialProviders,
} from './api';
import { DeliveryForm } from './delivery-form';
import { DomainsForm } from './domains-form';
import { FontsForm } from './fonts-form';
import { LinksForm } from './links-form';
import { LogoForm } from './logo-form';
import { PaletteForm } from './palette-form';
import { SettingsForm } from './settings-form';
import { SocialForms } from './social-form';
import './site.css';

/** One part of the configuration: its form once loaded, else loading or why it failed. */
const Part = <Data,>({
  query,
  testId,
  children,
}: {
  query: { data: Data | undefined; error: unknown; isPending: boolean };
  testId: string;
  children: (data: Data) => ReactNode;
}) => (
  <>
    <ErrorMessage error={query.error} testId={`${testId}-load-error`} />
    {query.isPending ? <p className="muted">Loading…</p> : null}
    {query.data === undefined ? null : children(query.data)}
  </>
);

/**
 * The brand's site (the brand this console serves): settings, maintenance, region blocks and whitelabel
 * flags, domains and mirrors, customer service, message delivery and social sign-in. Staff with site.view
 * see it; site.manage changes it. Payment channels keep their own screen.
 */
export const SitePage = () => {
  const can = useCan();
  const canChange = can('site.manage');
  const settings = useSiteSettings();
  const domains = useSiteDomains();
  const links = useSiteLinks();
  const delivery = useDeliverySettings();
  const social = useSocialProviders();

  return (
    <section aria-labelledby="site-title">
      <header className="page-header">
        <h1 id="site-title">Site and brand</h1>
        {can('payments.channels') ? (
          <Link to="/channels" className="button" data-testid="site-channels-link">
            Payment channels
          </Link>
        ) : null}
      </header>
      {canChange ? null : (
        <p className="site-hint" data-testid="site-read-only">
          Your role may look at the site&apos;s configuration but not change it.
        </p>
      )}
      <Part query={settings} testId="site-settings">
        {(data) => <SettingsForm settings={data} canChange={canChange} />}
      </Part>
      <Part query={settings} testId="site-palette">
        {(data) => <PaletteForm settings={data} canChange={canChange} />}
      </Part>
      <Part query={settings} testId="site-fonts">
        {(data) => <FontsForm settings={data} canChange={canChange} />}
      </Part>
      <Part query={settings} testId="site-logo">
        {(data) => <LogoForm settings={data} canChange={canChange} />}
      </Part>
      <Part query={domains} testId="site-domains">
        {(data) => <DomainsForm domains={data} canChange={canChange} />}
      </Part>
      <Part query={links} testId="site-links">
        {(data) => <LinksForm links={data} canChange={canChange} />}
      </Part>
      <Part query={delivery} testId="site-delivery">
        {(data) => <DeliveryForm delivery={data} canChange={canChange} />}
      </Part>
      <Part query={social} testId="site-social">
        {(data) => <SocialForms configs={data.list} canChange={canChange} />}
      </Part>
    </section>
  );
};

import type { QueryClient } from '@tanstack/react-query';
import { SystemStatusValue } from '@wps/contracts/site-rules';
import { startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { prefetchHomeContent } from '../features/content/api/prefetch-home-content';
import { getPermissionQueryOptions } from '../features/site/api/get-permission';
import { BootFailureScreen } from '../features/site/components/boot-failure-screen';
import { loadGoogleAnalytics } from '../lib/analytics';
import { applyBrandFonts } from '../lib/brand-fonts';
import { applyBrandPalette } from '../lib/brand-palette';
import { hideGlobalLoader, showGlobalLoader } from '../lib/global-loader';
import { adoptBrandLanguage, languageReady } from '../lib/i18n';
import { saveMerchantCode } from '../lib/storage';
import { AppProviders } from './app-providers';
import { AppRouter, createSiteRouter } from './router';
import { SystemStatusGate } from './system-status-gate';

/**
 * Spec section 4: the site configuration comes first, analytics is loaded from it, then React mounts.
 * The permission stays in the query cache, so components read it without a second request.
 */
export const bootSite = async (container: HTMLElement, queryClient: QueryClient): Promise<Root> => {
  const root = createRoot(container);

  const start = async (): Promise<void> => {
    showGlobalLoader();
    try {
      const permission = await queryClient.query(getPermissionQueryOptions());
      saveMerchantCode(permission.merchantCode);
      applyBrandPalette(permission.info.palette);
      applyBrandFonts(permission.info.fonts);
      adoptBrandLanguage(permission.info.languages.default);
      await languageReady();
      prefetchHomeContent(queryClient, window.location);
      const { gtagId } = permission.info.analytics;
      if (gtagId !== null) loadGoogleAnalytics(gtagId);
      // The router hides the loader once the first page is on screen; the other screens have no router.
      const isOpen = permission.status === SystemStatusValue.normal;
      if (!isOpen) hideGlobalLoader();
      // The router (its routes' table and the first navigation) takes a task of its own, and the first
      // render is a transition, which React splits into short slices: a slow phone's main thread is never
      // held for the whole page at once.
      const router = isOpen ? createSiteRouter() : undefined;
      await new Promise((resolve) => setTimeout(resolve, 0));
      startTransition(() => {
        root.render(
          <AppProviders queryClient={queryClient}>
            <SystemStatusGate>
              <AppRouter router={router} />
            </SystemStatusGate>
          </AppProviders>,
        );
      });
    } catch {
      hideGlobalLoader();
      root.render(
        <AppProviders queryClient={queryClient}>
          <BootFailureScreen onRetry={() => void start()} />
        </AppProviders>,
      );
    }
  };

  await start();
  return root;
};

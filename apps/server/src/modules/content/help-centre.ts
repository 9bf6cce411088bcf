import type { HelpDevice, HelpSection } from '@wps/contracts/content';
import { cachedAnswer, type ContentContext } from './content-context';
import * as repository from './content.repository';

/**
 * The help centre in the language asked for; a language without articles falls back to the brand's
 * default language, then English, so a new locale never shows an empty help centre.
 */
export const getHelp = (
  context: ContentContext,
  brandId: bigint,
  language: string,
  device: HelpDevice,
  defaultLanguage: string,
): Promise<{ language: string; device: HelpDevice; sections: HelpSection[] }> =>
  cachedAnswer(context, `help|${brandId}|${language}|${device}`, async () => {
    for (const candidate of new Set([language, defaultLanguage.toUpperCase(), 'EN'])) {
      const rows = await repository.listHelpArticles(context.db, brandId, candidate, device);
      if (rows.length > 0) {
        return {
          language: candidate,
          device,
          sections: rows.map(({ section, title, content }) => ({ section, title, content })),
        };
      }
    }
    return { language, device, sections: [] };
  });

import type { BrandPalette, PaletteTheme, ThemeColours } from '@wps/contracts/brand-palette';
import { type SiteSettings, siteSettingsPatchSchema } from '@wps/contracts/site-admin';
import { useState } from 'react';
import { CheckboxField } from '../../components/shared-field';
import { useSchemaCheck } from '../../components/shared-form-problems';
import { useSaveSiteSettings } from './api';
import { SiteCard } from './form-parts';

/** What a brand starts from when it first takes its own colours: the platform's. */
const platformPalette: BrandPalette = {
  light: { background: '#f3f4fa', surface: '#ffffff', accent: '#8a5d00' },
  dark: { background: '#0d0f1a', surface: '#161a2b', accent: '#f5c542' },
};

const colourLabels: Record<keyof ThemeColours, string> = {
  background: 'Page background',
  surface: 'Cards and panels',
  accent: 'Accent (buttons, links, logo)',
};
const themeLabels: Record<PaletteTheme, string> = { dark: 'Dark theme', light: 'Light theme' };

/**
 * The brand's look: its background, surface and accent colours in each theme, or the platform's. Every pair the
 * site shows together must read (WCAG AA, checked here and by the server); the site takes them on its next load.
 */
export const PaletteForm = ({ settings, canChange }: { settings: SiteSettings; canChange: boolean }) => {
  const save = useSaveSiteSettings();
  const [isOwn, setOwn] = useState(settings.palette !== null);
  const [palette, setPalette] = useState<BrandPalette>(settings.palette ?? platformPalette);
  const { problems, check } = useSchemaCheck();

  const submit = () => {
    const checked = check(siteSettingsPatchSchema, { palette: isOwn ? palette : null });
    if (checked !== undefined) save.mutate(checked);
  };

  return (
    <SiteCard
      title="Brand colours"
      testId="site-palette"
      canChange={canChange}
      onSubmit={submit}
      problems={problems}
      saving={save}
    >
      <CheckboxField
        label="Use the brand's own colours (otherwise the platform's)"
        checked={isOwn}
        onChange={setOwn}
        testId="palette-own"
      />
      {isOwn &&
        (['dark', 'light'] as const).map((theme) => (
          <fieldset key={theme} className="site-palette" data-testid={`palette-${theme}`}>
            <legend>{themeLabels[theme]}</legend>
            {(['background', 'surface', 'accent'] as const).map((part) => (
              <label key={part} className="site-palette__colour">
                <input
                  type="color"
                  value={palette[theme][part]}
                  onChange={(event) => {
                    setPalette({ ...palette, [theme]: { ...palette[theme], [part]: event.target.value } });
                  }}
                  data-testid={`palette-${theme}-${part}`}
                />
                {colourLabels[part]} <code>{palette[theme][part]}</code>
              </label>
            ))}
            <p
              className="site-palette__preview"
              style={{ background: palette[theme].surface, color: palette[theme].accent }}
              data-testid={`palette-${theme}-preview`}
            >
              <span style={{ background: palette[theme].background }}>Aa</span> The accent on a card
            </p>
          </fieldset>
        ))}
    </SiteCard>
  );
};

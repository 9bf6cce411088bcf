import { type BrandFont, type BrandFonts, brandFontFaces } from '@wps/contracts/brand-look';
import { type SiteSettings, siteSettingsPatchSchema } from '@wps/contracts/site-admin';
import { useState } from 'react';
import { useSchemaCheck } from '../../components/shared-form-problems';
import { useSaveSiteSettings } from './api';
import { SiteCard } from './form-parts';

const fontLabels: Record<BrandFont, string> = {
  system: "The device's own (system)",
  inter: 'Inter',
  poppins: 'Poppins',
  montserrat: 'Montserrat',
  'playfair-display': 'Playfair Display',
};
const partLabels: Record<keyof BrandFonts, string> = { body: 'Text', headings: 'Headings and site name' };

const faceOf = (value: string): BrandFont | undefined => brandFontFaces.find((face) => face === value);

/**
 * The brand's faces for its text and its headings, among those the site bundles (the device's own unless
 * chosen); the site takes them on its next load. Urdu pages keep their Nastaliq face.
 */
export const FontsForm = ({ settings, canChange }: { settings: SiteSettings; canChange: boolean }) => {
  const save = useSaveSiteSettings();
  const [fonts, setFonts] = useState<BrandFonts>(settings.fonts);
  const { problems, check } = useSchemaCheck();

  const submit = () => {
    const checked = check(siteSettingsPatchSchema, { fonts });
    if (checked !== undefined) save.mutate(checked);
  };

  return (
    <SiteCard
      title="Brand fonts"
      testId="site-fonts"
      canChange={canChange}
      onSubmit={submit}
      problems={problems}
      saving={save}
    >
      <div className="site-grid">
        {(['body', 'headings'] as const).map((part) => (
          <label key={part}>
            {partLabels[part]}
            <select
              value={fonts[part]}
              onChange={(event) => {
                const face = faceOf(event.target.value);
                if (face !== undefined) setFonts({ ...fonts, [part]: face });
              }}
              data-testid={`fonts-${part}`}
            >
              {brandFontFaces.map((face) => (
                <option key={face} value={face}>
                  {fontLabels[face]}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      <p className="site-hint">Urdu pages keep their Nastaliq face.</p>
    </SiteCard>
  );
};

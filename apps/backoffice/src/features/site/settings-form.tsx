import { useState } from 'react';
import {
  isLanguageCode,
  type LanguageCode,
  languageCodes,
  type WhitelabelFlag,
  whitelabelFlagGroup,
  whitelabelGroups,
} from '@wps/contracts/site';
import { siteSettingsPatchSchema } from '@wps/contracts/site-admin';
import { formatDateTime } from '../../lib/format';
import { CheckboxField, TextField } from '../../components/shared-field';
import { useSchemaCheck } from '../../components/shared-form-problems';
import { type SiteSettings, type SiteSettingsPatch, useSaveSiteSettings } from './api';
import { SiteCard } from './form-parts';
import { fromLocalInput, toLocalInput } from '../../lib/local-time';

/** What each whitelabel flag turns on in the site (the spec's names, in plain words). */
const flagLabels: Record<WhitelabelFlag, string> = {
  MOBILENUMREG3: 'Registration by mobile number (and its default tab)',
  REGMOBVERF3: 'SMS verification at registration',
  MOBILENUMPASSREG3: 'Mobile number and password registration',
  FREEPLAY3: 'Free play (trial accounts)',
  PWDEXPFORCECHANGE3: 'Expired passwords must be changed at login',
  MOBILEVERCODELOGIN3: 'Login with an SMS code',
  GOOGLELOGIN3: 'Sign in with Google',
  FACEBOOKLOGIN3: 'Sign in with Facebook',
  CHNGPASSVERIF3: 'Password reset by phone',
  CHNGPASSMAIL3: 'Password reset by email',
  MANPLAYREB3: 'Members claim their rebate by hand',
  VIP3: 'VIP levels',
  AGENTPOLICY3: 'Agent policy and contracts',
};

/** The site's languages by their own names, as the site's language menu shows them. */
const languageLabels: Record<LanguageCode, string> = {
  EN: 'English',
  UR: 'Urdu (اردو)',
  PT: 'Portuguese, Brazil (Português)',
  TH: 'Thai (ไทย)',
  TY: 'Filipino',
  VI: 'Vietnamese (Tiếng Việt)',
  ID: 'Indonesian (Bahasa Indonesia)',
  ZH: 'Chinese, Simplified (简体中文)',
  HI: 'Hindi (हिन्दी)',
  BN: 'Bengali (বাংলা)',
};

const flagsOf = (group: string): WhitelabelFlag[] =>
  (Object.keys(whitelabelFlagGroup) as WhitelabelFlag[]).filter(
    (flag) => whitelabelFlagGroup[flag] === group,
  );

/** What the visitor sees now: open, under maintenance (until when), or open again since its end time. */
const maintenanceState = (settings: SiteSettings): string => {
  if (settings.status === 0) return 'The site is open.';
  if (settings.maintenanceEndTime === null) return 'The site shows maintenance until it is switched off.';
  const endsAt = formatDateTime(settings.maintenanceEndTime);
  return new Date(settings.maintenanceEndTime) > new Date()
    ? `The site shows maintenance until ${endsAt}.`
    : `Maintenance ended at ${endsAt}: the site is open again.`;
};

/** The brand's site settings: maintenance, region blocks, whitelabel flags and request rules. */
export const SettingsForm = ({ settings, canChange }: { settings: SiteSettings; canChange: boolean }) => {
  const save = useSaveSiteSettings();
  const [isMaintenance, setMaintenance] = useState(settings.status === 1);
  const [maintenanceEnd, setMaintenanceEnd] = useState(toLocalInput(settings.maintenanceEndTime));
  const [blockedCountries, setBlockedCountries] = useState(settings.blockedCountries.join(', '));
  const [flags, setFlags] = useState(settings.flags);
  const [requireEncryptedBodies, setRequireEncryptedBodies] = useState(settings.requireEncryptedBodies);
  const [feedbackMin, setFeedbackMin] = useState(String(settings.feedbackWords.min));
  const [feedbackMax, setFeedbackMax] = useState(String(settings.feedbackWords.max));
  const [minimumAge, setMinimumAge] = useState(String(settings.minimumAge));
  const [languages, setLanguages] = useState(settings.languages);
  const { problems, check } = useSchemaCheck();

  const submit = () => {
    const checked = check(siteSettingsPatchSchema, {
      status: isMaintenance ? 1 : 0,
      maintenanceEndTime: fromLocalInput(maintenanceEnd),
      blockedCountries: blockedCountries
        .split(/[\s,]+/)
        .filter((code) => code !== '')
        .map((code) => code.toUpperCase()),
      flags,
      requireEncryptedBodies,
      feedbackWords: { min: Number(feedbackMin), max: Number(feedbackMax) },
      minimumAge: Number(minimumAge),
      // In the site's menu order, whatever order they were ticked in.
      languages: {
        ...languages,
        supported: languageCodes.filter((code) => languages.supported.includes(code)),
      },
    } satisfies SiteSettingsPatch);
    if (checked !== undefined) save.mutate(checked);
  };

  return (
    <SiteCard
      title="Site settings"
      testId="site-settings"
      canChange={canChange}
      onSubmit={submit}
      problems={problems}
      saving={save}
    >
      <p className="site-hint" data-testid="maintenance-state">
        {settings.siteName} ({settings.merchantCode}). {maintenanceState(settings)}
      </p>
      <div className="site-grid">
        <CheckboxField
          label="Under maintenance"
          checked={isMaintenance}
          onChange={setMaintenance}
          testId="settings-maintenance"
        />
        <TextField
          label="Maintenance ends (your time; empty: until switched off)"
          type="datetime-local"
          value={maintenanceEnd}
          onChange={setMaintenanceEnd}
          testId="settings-maintenance-end"
        />
        <TextField
          label="Blocked countries (ISO codes, such as US, PH)"
          value={blockedCountries}
          onChange={setBlockedCountries}
          testId="settings-blocked-countries"
        />
        <TextField
          label="Feedback: fewest words"
          inputMode="numeric"
          value={feedbackMin}
          onChange={setFeedbackMin}
          testId="settings-feedback-min"
        />
        <TextField
          label="Feedback: most words"
          inputMode="numeric"
          value={feedbackMax}
          onChange={setFeedbackMax}
          testId="settings-feedback-max"
        />
        <TextField
          label="Minimum age to register (date of birth checked; 18 or more)"
          inputMode="numeric"
          value={minimumAge}
          onChange={setMinimumAge}
          testId="settings-minimum-age"
        />
        <CheckboxField
          label="Refuse unencrypted login and registration bodies"
          checked={requireEncryptedBodies}
          onChange={setRequireEncryptedBodies}
          testId="settings-encrypted-bodies"
        />
      </div>
      <p className="site-hint">
        Visitors from a blocked country see the blocked-region screen, even during maintenance.
      </p>
      <fieldset data-testid="settings-languages">
        <legend>Languages the site offers</legend>
        <div className="site-flags">
          {languageCodes.map((code) => (
            <CheckboxField
              key={code}
              label={languageLabels[code]}
              checked={languages.supported.includes(code)}
              onChange={(checked) => {
                setLanguages({
                  ...languages,
                  supported: checked
                    ? [...languages.supported, code]
                    : languages.supported.filter((supported) => supported !== code),
                });
              }}
              testId={`settings-language-${code}`}
            />
          ))}
        </div>
        <label>
          First visit in
          <select
            value={languages.default}
            onChange={(event) => {
              const code = event.target.value;
              if (isLanguageCode(code)) setLanguages({ ...languages, default: code });
            }}
            data-testid="settings-default-language"
          >
            {languageCodes.map((code) => (
              <option key={code} value={code}>
                {languageLabels[code]}
              </option>
            ))}
          </select>
        </label>
        <p className="site-hint">
          Visitors choose among the languages offered; the first visit shows the default one, which must be
          offered.
        </p>
      </fieldset>
      {whitelabelGroups.map((group) => (
        <fieldset key={group}>
          <legend>Features: {group.toLowerCase()}</legend>
          <div className="site-flags">
            {flagsOf(group).map((flag) => (
              <CheckboxField
                key={flag}
                label={flagLabels[flag]}
                checked={flags[flag]}
                onChange={(checked) => {
                  setFlags({ ...flags, [flag]: checked });
                }}
                testId={`settings-flag-${flag}`}
              />
            ))}
          </div>
        </fieldset>
      ))}
    </SiteCard>
  );
};

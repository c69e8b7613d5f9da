import { LANGUAGES } from '@preciofab/shared/catalogue';
import { Card } from '../../../components/ui/card.tsx';
import { useSyncExternalStore } from 'react';
import { LOCALES, pendingLanguageStore } from '../../../i18n/language-store.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { setTheme, THEMES } from '../../../lib/theme-store.ts';
import { useTheme } from '../../../lib/use-theme.ts';

type RadioGroupProps<T extends string> = {
  legend: string;
  name: string;
  options: ReadonlyArray<{ value: T; label: string; lang?: string }>;
  value: T;
  onChange: (value: T) => void;
};

function RadioGroup<T extends string>({ legend, name, options, value, onChange }: RadioGroupProps<T>) {
  return (
    <fieldset className="profile-radios" data-testid={`${name}-choice`}>
      <legend className="profile-radios__legend">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="profile-radios__option" lang={option.lang}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/** Language and theme, both remembered in this browser (the header toggles change the same stores). */
export function PreferencesCard() {
  const { t, language, setLanguage } = useTranslation();
  // While another language's texts load, the choice shows at once; the screen follows them.
  const pendingLanguage = useSyncExternalStore(pendingLanguageStore.subscribe, pendingLanguageStore.get);
  const { theme } = useTheme();
  return (
    <Card title={t('profile.preferences.title')} className="profile-card">
      <div className="profile-preferences">
        <RadioGroup
          legend={t('profile.preferences.language')}
          name="language"
          options={LANGUAGES.map((code) => ({
            value: code,
            label: t(`profile.preferences.languages.${code}`),
            // Each language is named in itself, so its label carries its own language.
            lang: LOCALES[code],
          }))}
          value={pendingLanguage ?? language}
          onChange={setLanguage}
        />
        <RadioGroup
          legend={t('profile.preferences.theme')}
          name="theme"
          options={THEMES.map((option) => ({ value: option, label: t(`theme.${option}`) }))}
          value={theme}
          onChange={setTheme}
        />
      </div>
    </Card>
  );
}

import { Button } from '../../components/ui/button.tsx';
import { GlobeIcon } from '../../components/ui/icons.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';

/** Switches es-MX ↔ en-US; the label names the language it switches to, in that language. */
export function LanguageToggle() {
  const { t, language, toggleLanguage } = useTranslation();
  const target = language === 'es' ? 'en' : 'es';
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={toggleLanguage}
      aria-label={t('language.toggle_label')}
      lang={target}
      data-testid="language-toggle"
    >
      <GlobeIcon size={18} />
      <span className="hide-narrow">{t('language.toggle')}</span>
    </Button>
  );
}

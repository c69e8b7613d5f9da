import { Button } from '../../components/ui/button.tsx';
import { MoonIcon, SunIcon, ThemeAutoIcon } from '../../components/ui/icons.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useTheme } from '../../lib/use-theme.ts';

const ICONS = { auto: ThemeAutoIcon, light: SunIcon, dark: MoonIcon } as const;

/** Cycles auto → light → dark (spec §1). */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, next, cycleTheme } = useTheme();
  const Icon = ICONS[theme];
  const label = t('theme.button_label', { current: t(`theme.${theme}`), next: t(`theme.${next}`) });
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={cycleTheme}
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
      data-theme-preference={theme}
    >
      <Icon />
    </Button>
  );
}

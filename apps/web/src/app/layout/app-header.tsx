import { Button } from '../../components/ui/button.tsx';
import { MenuIcon } from '../../components/ui/icons.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { BrandLink } from './brand-link.tsx';
import { LanguageToggle } from './language-toggle.tsx';
import { NotificationBell } from './notification-bell.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { UserMenu } from './user-menu.tsx';

type AppHeaderProps = { navOpen: boolean; onToggleNav: () => void };

export function AppHeader({ navOpen, onToggleNav }: AppHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="app-header">
      <Button
        variant="ghost"
        size="icon"
        onClick={onToggleNav}
        aria-expanded={navOpen}
        aria-controls="side-nav"
        aria-label={navOpen ? t('header.menu_close') : t('header.menu_open')}
        data-testid="menu-toggle"
      >
        <MenuIcon />
      </Button>
      <BrandLink />
      <div className="app-header__actions">
        <ThemeToggle />
        <LanguageToggle />
        <NotificationBell />
        <UserMenu />
      </div>
    </header>
  );
}

import { Link } from 'react-router';
import { Button, LinkButton } from '../../components/ui/button.tsx';
import { LogoutIcon, SettingsIcon } from '../../components/ui/icons.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { useMe } from '../../lib/get-me.ts';
import { useTranslation } from '../../i18n/use-translation.ts';

/** The signed-in user's name (a link to /profile), the settings link and the logout button. */
export function UserMenu() {
  const { t } = useTranslation();
  const me = useMe();
  const logout = useLogout();
  return (
    <div className="user-menu">
      {me.data && (
        <Link
          to="/profile"
          className="user-menu__name"
          title={t('header.user_label', { name: me.data.name, role: t(`roles.${me.data.role}`) })}
          data-testid="user-name"
        >
          <span className="user-menu__avatar" aria-hidden="true">
            {me.data.name.slice(0, 1).toUpperCase()}
          </span>
          <span className="hide-narrow">{me.data.name}</span>
        </Link>
      )}
      <LinkButton
        variant="ghost"
        size="sm"
        to="/settings"
        aria-label={t('nav.settings')}
        title={t('nav.settings')}
        className="hide-narrow"
        data-testid="settings-link"
      >
        <SettingsIcon size={18} />
      </LinkButton>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => logout.mutate()}
        loading={logout.isPending}
        aria-label={t('header.logout')}
        data-testid="logout"
      >
        {!logout.isPending && <LogoutIcon size={18} />}
        <span className="hide-narrow">{t('header.logout')}</span>
      </Button>
    </div>
  );
}

import { Button } from '../../components/ui/button.tsx';
import { LogoutIcon } from '../../components/ui/icons.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useTranslation } from '../../i18n/use-translation.ts';

/** The signed-in user's name and the logout button. */
export function UserMenu() {
  const { t } = useTranslation();
  const me = useMe();
  const logout = useLogout();
  return (
    <div className="user-menu">
      {me.data && (
        <span
          className="user-menu__name hide-narrow"
          title={t('header.user_label', { name: me.data.name, role: t(`roles.${me.data.role}`) })}
          data-testid="user-name"
        >
          <span className="user-menu__avatar" aria-hidden="true">
            {me.data.name.slice(0, 1).toUpperCase()}
          </span>
          {me.data.name}
        </span>
      )}
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

import { NavLink } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ACCOUNT_NAV_ITEMS, NAV_ITEMS, type NavItem } from './nav-items.ts';

type SideNavProps = { open: boolean; onNavigate: () => void };

/** Full width when open; an icon rail when collapsed (≥ 768 px), hidden on small screens. */
export function SideNav({ open, onNavigate }: SideNavProps) {
  const { t } = useTranslation();
  return (
    <nav id="side-nav" className="side-nav" data-open={open} aria-label={t('nav.label')}>
      <div className="side-nav__inner">
        <NavList items={NAV_ITEMS} onNavigate={onNavigate} />
        <NavList items={ACCOUNT_NAV_ITEMS} onNavigate={onNavigate} secondary />
      </div>
    </nav>
  );
}

function NavList({
  items,
  onNavigate,
  secondary = false,
}: {
  items: readonly NavItem[];
  onNavigate: () => void;
  secondary?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ul className={secondary ? 'side-nav__list side-nav__list--secondary' : 'side-nav__list'}>
      {items.map(({ to, label, icon: Icon }) => (
        <li key={to}>
          <NavLink to={to} end className="side-nav__link" title={t(label)} onClick={onNavigate}>
            <Icon size={20} />
            <span className="side-nav__label">{t(label)}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

import { NavLink } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { NAV_ITEMS } from './nav-items.ts';

type SideNavProps = { open: boolean; onNavigate: () => void };

/** Full width when open; an icon rail when collapsed (≥ 768 px), hidden on small screens. */
export function SideNav({ open, onNavigate }: SideNavProps) {
  const { t } = useTranslation();
  return (
    <nav id="side-nav" className="side-nav" data-open={open} aria-label={t('nav.label')}>
      <ul className="side-nav__list">
        {NAV_ITEMS.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink to={to} end className="side-nav__link" title={t(label)} onClick={onNavigate}>
              <Icon size={20} />
              <span className="side-nav__label">{t(label)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import type { ComponentType } from 'react';
import { DashboardIcon, StoreIcon } from '../../components/ui/icons.tsx';
import type { MessageKey } from '../../i18n/catalogue.ts';

export type NavItem = { to: string; label: MessageKey; icon: ComponentType<{ size?: number }> };

/** The side navigation: only routes that exist (app/router.tsx). */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'nav.dashboard', icon: DashboardIcon },
  { to: '/vendors', label: 'nav.vendors', icon: StoreIcon },
];

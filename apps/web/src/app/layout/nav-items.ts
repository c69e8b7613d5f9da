import type { ComponentType } from 'react';
import {
  ActivityIcon,
  AlertIcon,
  ChartIcon,
  DashboardIcon,
  InboxIcon,
  RadarIcon,
  SettingsIcon,
  StoreIcon,
  TagIcon,
  TargetIcon,
  UserIcon,
} from '../../components/ui/icons.tsx';
import type { MessageKey } from '../../i18n/catalogue.ts';
import { ReviewIcon } from '../../features/review/components/review-icon.tsx';

export type NavItem = { to: string; label: MessageKey; icon: ComponentType<{ size?: number }> };

/** The side navigation: the seven main routes of spec §2, then reports (reached from the
 * dashboard in the spec; a demanding user wants it one click away). */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'nav.dashboard', icon: DashboardIcon },
  { to: '/vendors', label: 'nav.vendors', icon: StoreIcon },
  { to: '/prices', label: 'nav.prices', icon: TagIcon },
  { to: '/review', label: 'review.nav', icon: ReviewIcon },
  { to: '/benchmarks', label: 'nav.benchmarks', icon: ChartIcon },
  { to: '/discovery', label: 'nav.discovery', icon: RadarIcon },
  { to: '/crawl-targets', label: 'nav.crawl_targets', icon: TargetIcon },
  { to: '/analytics', label: 'nav.analytics', icon: ActivityIcon },
  { to: '/reports', label: 'nav.reports', icon: InboxIcon },
  { to: '/alerts', label: 'alerts.nav.rules', icon: AlertIcon },
];

/** Below the main routes: the user's own pages (spec §2 navigation labels). */
export const ACCOUNT_NAV_ITEMS: readonly NavItem[] = [
  { to: '/settings', label: 'nav.settings', icon: SettingsIcon },
  { to: '/profile', label: 'nav.profile', icon: UserIcon },
];

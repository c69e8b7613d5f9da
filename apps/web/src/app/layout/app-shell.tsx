import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';
import { SideNav } from './side-nav.tsx';
import './app-shell.css';

const WIDE = '(min-width: 1024px)';

/** The shared layout of spec §1: header, side navigation, content and footer. */
export function AppShell() {
  const { t } = useTranslation();
  const wide = useMediaQuery(WIDE);
  // The navigation starts open on wide windows and closed below 1024 px; a toggle made at one
  // width does not carry over when the window crosses the breakpoint.
  const [choice, setChoice] = useState<{ open: boolean; wide: boolean } | null>(null);
  const navOpen = choice && choice.wide === wide ? choice.open : wide;
  const overlay = navOpen && !wide;
  const closeOverlay = () => {
    if (!wide) setChoice({ open: false, wide });
  };

  useEffect(() => {
    if (!overlay) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setChoice({ open: false, wide: false });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [overlay]);

  return (
    <div className="shell" data-nav={navOpen ? 'open' : 'closed'}>
      <a className="skip-link" href="#main">
        {t('app.skip_to_content')}
      </a>
      <AppHeader navOpen={navOpen} onToggleNav={() => setChoice({ open: !navOpen, wide })} />
      <div className="shell__body">
        <SideNav open={navOpen} onNavigate={closeOverlay} />
        {overlay && <div className="shell__backdrop" onClick={closeOverlay} aria-hidden="true" />}
        <div className="shell__content">
          <main id="main" className="shell__main" tabIndex={-1}>
            <Outlet />
          </main>
          <AppFooter />
        </div>
      </div>
    </div>
  );
}

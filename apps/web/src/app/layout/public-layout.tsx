import { Outlet } from 'react-router';
import { AppFooter } from './app-footer.tsx';
import { BrandLink } from './brand-link.tsx';
import { LanguageToggle } from './language-toggle.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import './app-shell.css';

/** The layout of pages shown before sign-in: brand, theme and language, footer. */
export function PublicLayout() {
  return (
    <div className="public-layout">
      <header className="app-header">
        <BrandLink />
        <div className="app-header__actions">
          <ThemeToggle />
          <LanguageToggle />
        </div>
      </header>
      <main id="main" className="public-layout__main">
        <Outlet />
      </main>
      <AppFooter />
    </div>
  );
}

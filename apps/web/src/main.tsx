// First: zod must be jitless before any module builds a schema (see the module).
import './lib/zod-jitless.ts';
import './app/styles/tokens.css';
import './app/styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createRouter } from './app/router.tsx';
import { loadCatalogues } from './i18n/catalogue.ts';
import { languageStore } from './i18n/language-store.ts';
import { errorLog } from './lib/error-log.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The router starts fetching the first route's code at once; the first render waits for the texts
// shown before sign-in, in the stored language only (i18n/catalogue.ts), so no key ever shows.
// Should they fail to arrive the console still starts, showing keys rather than nothing.
const router = createRouter();
loadCatalogues(languageStore.get(), ['boot'])
  .catch((error: unknown) => errorLog.record(error, window.location.pathname))
  .finally(() =>
    createRoot(container).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );

// First: zod must be jitless before any module builds a schema (see the module).
import './lib/zod-jitless.ts';
import './app/styles/tokens.css';
import './app/styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

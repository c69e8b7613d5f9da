/// <reference types="vite/client" />

// Declaration merging needs `interface` here: Vite's own ImportMetaEnv is one.
interface ImportMetaEnv {
  /** Base URL of the API for split deployments; empty or unset means same origin. */
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_COMPANY_SITE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

// The boot part (groups.ts) in es-MX: named imports, so the build keeps only these groups of the core.
import {
  app,
  common,
  error_screen,
  errors,
  footer,
  header,
  language,
  login,
  not_found,
  theme,
  unsubscribe,
} from '../es-MX.json';
import toasts from '../namespaces/toasts.es-MX.json';

export const texts = {
  app,
  common,
  error_screen,
  errors,
  footer,
  header,
  language,
  login,
  not_found,
  theme,
  toasts,
  unsubscribe,
};

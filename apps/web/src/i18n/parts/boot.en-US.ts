// The boot part (groups.ts) in en-US: named imports, so the build keeps only these groups of the core.
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
} from '../en-US.json';
import toasts from '../namespaces/toasts.en-US.json';

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

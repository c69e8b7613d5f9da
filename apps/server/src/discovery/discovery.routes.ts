import type { AppContext } from '../app-context.ts';
import type { Router } from '../http/router.ts';

export function registerDiscoveryRoutes(_router: Router, _app: AppContext): void {
  // Routes of this feature are registered here.
}

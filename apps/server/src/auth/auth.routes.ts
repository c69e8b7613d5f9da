import { loginOperation, logoutOperation, meOperation } from '@preciofab/shared/contracts/auth';
import type { Router } from '../http/router.ts';
import type { AppContext } from '../app-context.ts';

export function registerAuthRoutes(router: Router, app: AppContext): void {
  router.route(loginOperation, ({ body, ctx }) => app.auth.login(body.email, body.password, ctx.ip));

  router.route(meOperation, async ({ ctx }) => ({
    id: ctx.user.id,
    email: ctx.user.email,
    name: ctx.user.name,
    role: ctx.user.role,
    language: ctx.user.language,
    active: true,
  }));

  router.route(logoutOperation, async ({ ctx }) => {
    await app.auth.logout(ctx.user.sessionId);
    return { ok: true as const };
  });
}

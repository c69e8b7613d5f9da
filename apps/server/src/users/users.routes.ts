import {
  changePasswordOperation,
  createUserOperation,
  listUsersOperation,
  updateUserOperation,
} from '@preciofab/shared/contracts/users';
import type { AppContext } from '../app-context.ts';
import type { Router } from '../http/router.ts';
import { createUsersService } from './users.service.ts';

export function registerUserRoutes(router: Router, app: AppContext): void {
  const users = createUsersService(app.db, app.auth.throttle, app.pubsub);

  router.route(listUsersOperation, async () => ({ data: await users.list() }));
  router.route(createUserOperation, ({ body, ctx }) => users.create(body, ctx.user.id));
  router.route(updateUserOperation, ({ params, body, ctx }) => users.update(params.id, body, ctx.user.id));
  router.route(changePasswordOperation, async ({ body, ctx }) => {
    await users.changePassword(ctx.user, body, ctx.ip);
    return { ok: true as const };
  });
}

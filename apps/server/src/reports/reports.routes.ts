import {
  createReportOperation,
  deleteReportOperation,
  downloadReportOperation,
  generateReportOperation,
  getReportOperation,
  listReportsOperation,
  previewReportOperation,
} from '@preciofab/shared/contracts/reports';
import type { AppContext } from '../app-context.ts';
import type { Router } from '../http/router.ts';
import { attachmentDisposition } from './content-disposition.ts';
import { createReportsService } from './reports.service.ts';

export function registerReportRoutes(router: Router, app: AppContext): void {
  const reports = createReportsService(app.db, app.queue, app.config.SCHEDULE_TIME_ZONE);

  router.route(listReportsOperation, ({ query }) => reports.list(query));
  router.route(getReportOperation, ({ params }) => reports.get(params.id));
  router.route(createReportOperation, ({ body, ctx }) => reports.create(body, ctx.user.id, ctx.lang));
  router.route(generateReportOperation, ({ params, ctx }) => reports.generate(params.id, ctx.user.id));
  router.route(deleteReportOperation, async ({ params, ctx }) => {
    await reports.delete(params.id, ctx.user.id);
    return { ok: true as const };
  });
  router.route(previewReportOperation, ({ params, ctx }) => reports.preview(params.id, ctx.lang));
  router.route(downloadReportOperation, async ({ params, reply }) => {
    const file = await reports.download(params.id);
    const body = Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength);
    await reply
      .header('content-type', file.contentType)
      .header('content-disposition', attachmentDisposition(file.fileName))
      .header('content-length', body.byteLength)
      .header('cache-control', 'private, no-store')
      .send(body);
  });
}

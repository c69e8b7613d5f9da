import type { HttpMethod } from './operation.ts';

/** An API operation's id, method and path, without its schemas. */
export type ApiRoute<I extends string = string, P extends string = string> = {
  id: I;
  method: HttpMethod;
  /** Fastify-style: /api/v1/vendors/:id */
  path: P;
};

function routes<const T extends Record<string, readonly [HttpMethod, string]>>(
  table: T,
): { readonly [K in keyof T & string]: { id: K; method: T[K][0]; path: T[K][1] } } {
  return Object.fromEntries(
    Object.entries(table).map(([id, [method, path]]) => [id, { id, method, path }]),
  ) as never;
}

/**
 * Where every API operation lives, by its id. Each contract in `contracts/` takes its id, method
 * and path from here (`...API_ROUTES.listVendors`), and the console builds its URLs from the same
 * entries with `pathOf`, so a path is written once. This module holds no schema: the console's
 * first screen can import it without zod.
 */
export const API_ROUTES = routes({
  // Auth and users
  login: ['POST', '/api/v1/auth/login'],
  me: ['GET', '/api/v1/auth/me'],
  logout: ['POST', '/api/v1/auth/logout'],
  changePassword: ['POST', '/api/v1/auth/password'],
  listUsers: ['GET', '/api/v1/users'],
  createUser: ['POST', '/api/v1/users'],
  updateUser: ['PATCH', '/api/v1/users/:id'],
  // Vendors
  listVendors: ['GET', '/api/v1/vendors'],
  getVendor: ['GET', '/api/v1/vendors/:id'],
  createVendor: ['POST', '/api/v1/vendors'],
  updateVendor: ['PATCH', '/api/v1/vendors/:id'],
  deleteVendor: ['DELETE', '/api/v1/vendors/:id'],
  importVendors: ['POST', '/api/v1/vendors/import'],
  // Crawl targets and crawls
  listTargets: ['GET', '/api/v1/targets'],
  getTarget: ['GET', '/api/v1/crawl-targets/:id'],
  createTarget: ['POST', '/api/v1/crawl-targets'],
  updateTarget: ['PATCH', '/api/v1/crawl-targets/:id'],
  deleteTarget: ['DELETE', '/api/v1/crawl-targets/:id'],
  previewTarget: ['POST', '/api/v1/crawl-targets/preview'],
  startCrawl: ['POST', '/api/v1/crawl/run'],
  listCrawlRuns: ['GET', '/api/v1/crawl/runs'],
  getCrawlRun: ['GET', '/api/v1/crawl/runs/:id'],
  // Prices and observations
  listPrices: ['GET', '/api/v1/prices'],
  listPriceCurrencies: ['GET', '/api/v1/prices/currencies'],
  createPrice: ['POST', '/api/v1/prices'],
  importPrices: ['POST', '/api/v1/prices/import'],
  getPriceHistory: ['GET', '/api/v1/prices/:id/history'],
  getPriceTimeline: ['GET', '/api/v1/prices/timeline'],
  getPriceTimelinePoint: ['GET', '/api/v1/prices/timeline/point'],
  getPriceHeatmap: ['GET', '/api/v1/prices/heatmap'],
  getPriceScatter: ['GET', '/api/v1/prices/scatter'],
  getObservation: ['GET', '/api/v1/observations/:id'],
  searchObservations: ['POST', '/api/v1/observations/search'],
  getObservationSnapshot: ['GET', '/api/v1/observations/:id/snapshot'],
  getObservationScreenshot: ['GET', '/api/v1/observations/:id/screenshot'],
  pivotObservations: ['POST', '/api/v1/observations/pivot'],
  boxPlotObservations: ['POST', '/api/v1/observations/box-plot'],
  scatterObservations: ['POST', '/api/v1/observations/scatter'],
  // Benchmarks
  listBenchmarks: ['GET', '/api/v1/benchmarks'],
  benchmarkHistory: ['GET', '/api/v1/benchmarks/history'],
  calculateBenchmarks: ['POST', '/api/v1/benchmarks/calculate'],
  // Discovery
  listDiscoverySources: ['GET', '/api/v1/discovery/sources'],
  createDiscoverySource: ['POST', '/api/v1/discovery/sources'],
  updateDiscoverySource: ['PATCH', '/api/v1/discovery/sources/:id'],
  deleteDiscoverySource: ['DELETE', '/api/v1/discovery/sources/:id'],
  runDiscoverySource: ['POST', '/api/v1/discovery/run/:id'],
  listDiscoveryCandidates: ['GET', '/api/v1/discovery/candidates'],
  approveDiscoveryCandidate: ['POST', '/api/v1/discovery/candidates/:id/approve'],
  rejectDiscoveryCandidate: ['POST', '/api/v1/discovery/candidates/:id/reject'],
  markDiscoveryCandidateNotRelevant: ['POST', '/api/v1/discovery/candidates/:id/not-relevant'],
  // Reports
  listReports: ['GET', '/api/v1/reports'],
  getReport: ['GET', '/api/v1/reports/:id'],
  createReport: ['POST', '/api/v1/reports'],
  generateReport: ['POST', '/api/v1/reports/:id/generate'],
  deleteReport: ['DELETE', '/api/v1/reports/:id'],
  downloadReport: ['GET', '/api/v1/reports/:id/download'],
  previewReport: ['GET', '/api/v1/reports/:id/preview'],
  // Alerts and notifications
  listAlertRules: ['GET', '/api/v1/alerts/rules'],
  getAlertRule: ['GET', '/api/v1/alerts/rules/:id'],
  createAlertRule: ['POST', '/api/v1/alerts/rules'],
  updateAlertRule: ['PATCH', '/api/v1/alerts/rules/:id'],
  deleteAlertRule: ['DELETE', '/api/v1/alerts/rules/:id'],
  listNotifications: ['GET', '/api/v1/notifications'],
  getUnreadNotificationCount: ['GET', '/api/v1/notifications/unread-count'],
  markNotificationRead: ['POST', '/api/v1/notifications/:id/read'],
  markAllNotificationsRead: ['POST', '/api/v1/notifications/read-all'],
  // Alert channels: subscriptions, email settings, webhooks, the delivery log, unsubscribe
  listAlertSubscriptions: ['GET', '/api/v1/alerts/subscriptions'],
  updateAlertSubscription: ['PUT', '/api/v1/alerts/subscriptions/:id'],
  getAlertChannelSettings: ['GET', '/api/v1/alerts/channel-settings'],
  updateAlertChannelSettings: ['PUT', '/api/v1/alerts/channel-settings'],
  listAlertDeliveries: ['GET', '/api/v1/alerts/deliveries'],
  listWebhookEndpoints: ['GET', '/api/v1/webhooks'],
  getWebhookEndpoint: ['GET', '/api/v1/webhooks/:id'],
  createWebhookEndpoint: ['POST', '/api/v1/webhooks'],
  updateWebhookEndpoint: ['PATCH', '/api/v1/webhooks/:id'],
  deleteWebhookEndpoint: ['DELETE', '/api/v1/webhooks/:id'],
  rotateWebhookSecret: ['POST', '/api/v1/webhooks/:id/rotate-secret'],
  testWebhookEndpoint: ['POST', '/api/v1/webhooks/:id/test'],
  listWebhookDeliveries: ['GET', '/api/v1/webhooks/:id/deliveries'],
  getUnsubscribe: ['GET', '/api/v1/unsubscribe/:token'],
  unsubscribe: ['POST', '/api/v1/unsubscribe/:token'],
  // Exchange rates
  listFxRates: ['GET', '/api/v1/fx-rates'],
  updateFxRates: ['PUT', '/api/v1/fx-rates'],
  importFxRates: ['POST', '/api/v1/fx-rates/import'],
  getFxImport: ['GET', '/api/v1/fx-rates/imports/:id'],
  // Review queue
  listReviews: ['GET', '/api/v1/reviews'],
  getReview: ['GET', '/api/v1/reviews/:id'],
  approveReview: ['POST', '/api/v1/reviews/:id/approve'],
  rejectReview: ['POST', '/api/v1/reviews/:id/reject'],
  correctReview: ['POST', '/api/v1/reviews/:id/correct'],
  bulkReview: ['POST', '/api/v1/reviews/bulk'],
  getReviewSettings: ['GET', '/api/v1/review-settings'],
  updateReviewSettings: ['PUT', '/api/v1/review-settings'],
  // Stats and health
  getDashboardStats: ['GET', '/api/v1/stats/dashboard'],
  getAnalyticsSummary: ['GET', '/api/v1/stats/analytics'],
  getHealth: ['GET', '/health'],
});

/** The WebSocket of pipeline updates (spec §3): not an HTTP operation, but an address all the same. */
export const PIPELINE_SOCKET_PATH = '/api/v1/ws/pipeline-status';

/** The `:name` parameters of a path: '/api/v1/reports/:id/download' → 'id'. */
export type PathParamName<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamName<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The arguments pathOf needs after the route: none for a path without parameters; for a path
 * the compiler cannot read (an Operation's `string`), any. */
export type PathArgs<P extends string> = string extends P
  ? [params?: Record<string, string | number>]
  : [PathParamName<P>] extends [never]
    ? []
    : [params: Record<PathParamName<P>, string | number>];

/**
 * A route's path with its parameters filled in, each URL-encoded:
 * `pathOf(API_ROUTES.getReport, { id })` → '/api/v1/reports/8f1c…'. The parameter names are
 * checked by the compiler against the path, and a missing one throws rather than calling a wrong URL.
 */
export function pathOf<P extends string>(route: { path: P }, ...args: PathArgs<P>): string {
  const params = (args[0] ?? {}) as Record<string, string | number | undefined>;
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`${route.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

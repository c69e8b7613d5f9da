import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PIPELINE_SOCKET_PATH } from '@preciofab/shared/api-routes';
import { LANGUAGES, type Language } from '@preciofab/shared/catalogue';
import {
  pipelineEventSchema,
  type NotificationsMessage,
  type PipelineEvent,
  type PipelineMessage,
} from '@preciofab/shared/contracts/pipeline';
import { alertRulesRepository } from '@preciofab/db/repositories/alert-rules.repository';
import { notificationsRepository } from '@preciofab/db/repositories/notifications.repository';
import { negotiateLanguage, translate } from '@preciofab/shared/i18n/messages';
import {
  NOTIFICATIONS_CHANNEL,
  notificationsSignalSchema,
  PIPELINE_CHANNEL,
} from '@preciofab/shared/contracts/jobs';
import type { AppContext } from '../app-context.ts';
import { bearerToken } from '../http/router.ts';
import type { AuthUser } from '../http/request-context.ts';
import { SESSIONS_CHANGED_CHANNEL, sessionsChangedSchema } from '../auth/session-signal.ts';
import { createSocketRegistry, createTokenBucket, type TrackedSocket } from './pipeline-sockets.ts';

// Its address is written once, in the shared routes the console builds its socket URL from.
export { PIPELINE_SOCKET_PATH };

/** Close code for a missing, unknown, expired or ended session (4000–4999 are free for
 * applications). The console stops retrying on it. */
export const CLOSE_UNAUTHENTICATED = 4401;
/** Close code for a user's oldest socket when they open one more than `MAX_SOCKETS_PER_USER`.
 * The console stops retrying on it too, or two tabs would close each other forever. */
export const CLOSE_TOO_MANY_SOCKETS = 4429;
/** Close codes of RFC 6455 for a client sending too many frames, or one too large. */
export const CLOSE_POLICY_VIOLATION = 1008;
export const CLOSE_MESSAGE_TOO_BIG = 1009;

/** Per socket: a burst of 10 frames, then one a second (the console pings every 30 s). */
export const FRAME_BURST = 10;
export const FRAMES_PER_SECOND = 1;
/** A ping is a few bytes; the server takes nothing else from the client. */
export const MAX_MESSAGE_BYTES = 1024;
/** Per user and process: a console tab holds one. */
export const MAX_SOCKETS_PER_USER = 10;
/** Each socket re-reads its session this often, for what no signal announces: expiry, a row
 * changed by hand, a notice lost while the LISTEN connection was being re-opened. */
export const REVALIDATE_INTERVAL_MS = 60_000;

const OPEN = 1;

/** The part of a `ws` socket used here (the package ships no types of its own). */
type Socket = {
  readyState: number;
  send(data: string): void;
  close(code: number, reason: string): void;
  on(event: 'close' | 'error', listener: () => void): void;
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): void;
};

/** Browsers cannot set headers on a WebSocket, so the token may come as ?token=. */
function socketToken(request: FastifyRequest): string | null {
  const query = request.query as Record<string, unknown>;
  return typeof query.token === 'string' && query.token ? query.token : bearerToken(request);
}

/** ?lang=es|en, else Accept-Language, else the user's own language. */
function socketLanguage(request: FastifyRequest, user: AuthUser): Language {
  const lang = (request.query as Record<string, unknown>).lang;
  if (typeof lang === 'string' && (LANGUAGES as readonly string[]).includes(lang)) return lang as Language;
  const header = request.headers['accept-language'];
  return header ? negotiateLanguage(header) : user.language;
}

export function toPipelineMessage(event: PipelineEvent, lang: Language): PipelineMessage {
  return {
    type: 'pipeline_update',
    stage: event.stage,
    progress: event.progress,
    status: event.status,
    message: translate(lang, event.message_key, event.values),
    timestamp: event.timestamp,
    details: event.details,
  };
}

function isPing(data: string): boolean {
  if (data.trim() === 'ping') return true;
  try {
    const parsed: unknown = JSON.parse(data);
    return typeof parsed === 'object' && parsed !== null && (parsed as { type?: unknown }).type === 'ping';
  } catch {
    return false;
  }
}

/** WebSocket /api/v1/ws/pipeline-status: relays every pipeline event any worker process publishes,
 * each rendered in the client's language, and answers pings from memory.
 *
 * Without a valid token the upgrade is accepted and the socket closed at once with code 4401
 * ('unauthenticated'), rather than the upgrade refused with HTTP 401: a browser sees only a bare
 * 1006 for a refused upgrade and would retry forever, while 4401 tells the console to sign in.
 * A session that ends (sign-out, password change, deactivation) closes its sockets with 4401 as
 * soon as the sessions-changed signal reaches this process. */
export function registerPipelineSocket(app: FastifyInstance, ctx: AppContext): void {
  const users = new WeakMap<FastifyRequest, AuthUser>();
  const sockets = createSocketRegistry(MAX_SOCKETS_PER_USER);

  // Subscribed once, at start: a LISTEN opened only with the first socket could miss early notices.
  const stopSignals = ctx.pubsub.subscribe(SESSIONS_CHANGED_CHANNEL, (raw) => {
    const change = sessionsChangedSchema.safeParse(raw);
    if (change.success) for (const socket of sockets.matching(change.data)) socket.recheck();
  });
  app.addHook('onClose', async () => stopSignals());

  // Each user's unread count goes to that user's sockets only: on connecting, and whenever a
  // notification of theirs is created or read (in any process: the notifications channel).
  const bells = new Map<string, Set<(message: NotificationsMessage) => void>>();
  const ring = async (userIds: readonly string[]) => {
    const here = userIds.filter((id) => bells.has(id));
    if (here.length === 0) return;
    const counts = await notificationsRepository.unreadCounts(ctx.db, here);
    for (const [userId, unread] of counts) {
      for (const send of bells.get(userId) ?? []) send({ type: 'notifications_update', unread });
    }
  };
  const stopBells = ctx.pubsub.subscribe(NOTIFICATIONS_CHANNEL, (raw) => {
    const signal = notificationsSignalSchema.safeParse(raw);
    if (!signal.success) return;
    if (signal.data.rules_changed) alertRulesRepository.forgetActiveKinds();
    if (signal.data.user_ids) void ring(signal.data.user_ids).catch(() => undefined);
  });
  app.addHook('onClose', async () => stopBells());

  app.get(
    PIPELINE_SOCKET_PATH,
    {
      websocket: true,
      // The URL carries the token: keep it out of the per-request info logs.
      logLevel: 'warn',
      // Resolved before the upgrade, so the handler can attach its listeners synchronously and
      // no early message is lost.
      preValidation: async (request) => {
        const token = socketToken(request);
        const user = token ? await ctx.auth.authenticate(token) : null;
        if (user) users.set(request, user);
      },
    },
    (socket: Socket, request) => {
      const user = users.get(request);
      if (!user) {
        socket.close(CLOSE_UNAUTHENTICATED, 'unauthenticated');
        return;
      }
      const token = socketToken(request)!;
      const lang = socketLanguage(request, user);
      const send = (message: object) => {
        if (socket.readyState === OPEN) socket.send(JSON.stringify(message));
      };

      let ended = false;
      const bell = (message: NotificationsMessage) => send(message);
      const cleanup = () => {
        ended = true;
        const mine = bells.get(user.id);
        if (mine?.delete(bell) && mine.size === 0) bells.delete(user.id);
        unsubscribe();
        clearInterval(revalidation);
        sockets.remove(tracked);
      };
      const end = (code: number, reason: string) => {
        if (ended) return;
        cleanup();
        socket.close(code, reason);
      };

      const unsubscribe = ctx.pubsub.subscribe(PIPELINE_CHANNEL, (raw) => {
        // 'close' comes only once the TCP connection is gone; a socket already closing lets go here.
        if (socket.readyState !== OPEN) return unsubscribe();
        const event = pipelineEventSchema.safeParse(raw);
        if (event.success) send(toPipelineMessage(event.data, lang));
      });
      const tracked: TrackedSocket = {
        userId: user.id,
        sessionId: user.sessionId,
        recheck: () =>
          void ctx.auth.authenticate(token, { fresh: true }).then(
            (still) => {
              if (!still) end(CLOSE_UNAUTHENTICATED, 'unauthenticated');
            },
            // The database is unreachable: keep the socket, the next check decides.
            () => undefined,
          ),
        evict: () => end(CLOSE_TOO_MANY_SOCKETS, 'too_many_sockets'),
      };
      const revalidation = setInterval(tracked.recheck, REVALIDATE_INTERVAL_MS);
      revalidation.unref();
      socket.on('close', cleanup);
      socket.on('error', cleanup);
      sockets.add(tracked);
      if (!bells.has(user.id)) bells.set(user.id, new Set());
      bells.get(user.id)!.add(bell);
      void notificationsRepository.unreadCount(ctx.db, user.id).then(
        (unread) => bell({ type: 'notifications_update', unread }),
        () => undefined,
      );

      // Pings are answered from memory: the session is re-read only on a signal or on the interval,
      // so a flood of frames costs no query, and is cut short by the token bucket.
      const bucket = createTokenBucket(FRAME_BURST, FRAMES_PER_SECOND);
      socket.on('message', (data, isBinary) => {
        if (ended) return;
        if (!bucket.take()) return end(CLOSE_POLICY_VIOLATION, 'rate_limited');
        if (data.length > MAX_MESSAGE_BYTES) return end(CLOSE_MESSAGE_TOO_BIG, 'message_too_big');
        if (!isBinary && isPing(data.toString())) send({ type: 'pong', timestamp: new Date().toISOString() });
      });
    },
  );
}

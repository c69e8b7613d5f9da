import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LANGUAGES, type Language } from '@preciofab/shared/catalogue';
import {
  pipelineEventSchema,
  type PipelineEvent,
  type PipelineMessage,
} from '@preciofab/shared/contracts/pipeline';
import { negotiateLanguage, translate } from '@preciofab/shared/i18n/messages';
import { PIPELINE_CHANNEL } from '@preciofab/worker/pipeline/pipeline-publisher';
import type { AppContext } from '../app-context.ts';
import { bearerToken } from '../http/router.ts';
import type { AuthUser } from '../http/request-context.ts';

export const PIPELINE_SOCKET_PATH = '/api/v1/ws/pipeline-status';

/** Close code for a missing, unknown or expired token (4000–4999 are free for applications). */
export const CLOSE_UNAUTHENTICATED = 4401;

const OPEN = 1;

/** The part of a `ws` socket used here (the package ships no types of its own). */
type Socket = {
  readyState: number;
  send(data: string): void;
  close(code: number, reason: string): void;
  on(event: 'close' | 'error', listener: () => void): void;
  on(event: 'message', listener: (data: { toString(): string }, isBinary: boolean) => void): void;
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
 * each rendered in the client's language, and answers pings.
 *
 * Without a valid token the upgrade is accepted and the socket closed at once with code 4401
 * ('unauthenticated'), rather than the upgrade refused with HTTP 401: a browser sees only a bare
 * 1006 for a refused upgrade and would retry forever, while 4401 tells the console to sign in. */
export function registerPipelineSocket(app: FastifyInstance, ctx: AppContext): void {
  const users = new WeakMap<FastifyRequest, AuthUser>();

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

      const unsubscribe = ctx.pubsub.subscribe(PIPELINE_CHANNEL, (raw) => {
        // 'close' comes only once the TCP connection is gone; a socket already closing lets go here.
        if (socket.readyState !== OPEN) return unsubscribe();
        const event = pipelineEventSchema.safeParse(raw);
        if (event.success) send(toPipelineMessage(event.data, lang));
      });
      socket.on('close', unsubscribe);
      socket.on('error', unsubscribe);

      socket.on('message', (data, isBinary) => {
        if (isBinary || !isPing(data.toString())) return;
        // The console pings every 30 s: the moment to notice a session that ended meanwhile.
        void ctx.auth.authenticate(token).then(
          (still) => {
            if (still) send({ type: 'pong', timestamp: new Date().toISOString() });
            else socket.close(CLOSE_UNAUTHENTICATED, 'unauthenticated');
          },
          () => send({ type: 'pong', timestamp: new Date().toISOString() }),
        );
      });
    },
  );
}

import { PIPELINE_STAGES, PIPELINE_STATUSES } from '@preciofab/shared/catalogue';
import type { NotificationsMessage, PipelineMessage } from '@preciofab/shared/contracts/pipeline';
import { PIPELINE_SOCKET_PATH } from '@preciofab/shared/api-routes';

export type { PipelineMessage };

/** Spec §4 pipeline live-link states. */
export type LinkState = 'disconnected' | 'connecting' | 'connected' | 'error';

/** Spec §9: a ping every 30 s; after a close (or a failure) the next attempt comes 5 s later. */
export const PING_INTERVAL_MS = 30_000;
export const RECONNECT_DELAY_MS = 5_000;
/** The server closes with this code for a missing, unknown, expired or ended session: retrying is useless. */
export const CLOSE_UNAUTHENTICATED = 4401;
/** The server closes a user's oldest socket with this code when they open one too many: retrying
 * would close another tab's socket, which would retry in turn, forever. */
export const CLOSE_TOO_MANY_SOCKETS = 4429;
/** Closes after which the client stays disconnected until it is started again (sign-in, reload). */
const TERMINAL_CLOSE_CODES: readonly number[] = [CLOSE_UNAUTHENTICATED, CLOSE_TOO_MANY_SOCKETS];

/** A handler checked bivariantly, so a browser WebSocket (Event, CloseEvent…) fits too. */
type Handler<E> = { bivariance(event: E): void }['bivariance'];

/** The part of a browser WebSocket the client uses, so tests can hand it a fake. */
export type SocketLike = {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: Handler<unknown> | null;
  onclose: Handler<{ code: number }> | null;
  onerror: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
};

export type Timers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
};

export type PipelineClientOptions = {
  /** The socket address, or null when there is no token to send (nothing to connect to). */
  url: () => string | null;
  createSocket: (url: string) => SocketLike;
  timers: Timers;
  onState: (state: LinkState) => void;
  onMessage: (message: PipelineMessage) => void;
  /** The signed-in user's unread notification count, sent on connect and on every change. */
  onNotifications?: (message: NotificationsMessage) => void;
};

/** "wss://host/api/v1/ws/pipeline-status?token=…&lang=es" on the page's own origin. */
export function pipelineSocketUrl(
  location: { protocol: string; host: string },
  token: string,
  language: string,
): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = new URLSearchParams({ token, lang: language });
  return `${scheme}//${location.host}${PIPELINE_SOCKET_PATH}?${query.toString()}`;
}

const SOURCES = ['crawl', 'benchmark', 'discovery', 'report'];
const has = <T>(list: readonly T[], value: unknown): boolean => list.includes(value as T);

/** The shape of `pipelineMessageSchema`, checked by hand: the dashboard is the first screen, and
 * zod would add 25 KB gzipped to what it needs to show (issue 4: 170 KB). The contract test of the
 * server and a test here keep the two in step. */
function isPipelineMessage(value: unknown): value is PipelineMessage {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  const details = m.details as Record<string, unknown> | null | undefined;
  return (
    m.type === 'pipeline_update' &&
    has(PIPELINE_STAGES, m.stage) &&
    has(PIPELINE_STATUSES, m.status) &&
    typeof m.progress === 'number' &&
    Number.isInteger(m.progress) &&
    m.progress >= 0 &&
    m.progress <= 100 &&
    typeof m.message === 'string' &&
    typeof m.timestamp === 'string' &&
    typeof details === 'object' &&
    details !== null &&
    has(SOURCES, details.source)
  );
}

/** Parses one frame; pongs and anything unknown are ignored. */
export function parsePipelineFrame(data: unknown): PipelineMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(data);
    return isPipelineMessage(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** A `notifications_update` frame (the bell's count), checked by hand like the pipeline's. */
export function parseNotificationsFrame(data: unknown): NotificationsMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const m = JSON.parse(data) as Record<string, unknown> | null;
    return m?.type === 'notifications_update' &&
      typeof m.unread === 'number' &&
      Number.isInteger(m.unread) &&
      m.unread >= 0
      ? { type: 'notifications_update', unread: m.unread }
      : null;
  } catch {
    return null;
  }
}

/**
 * The live link to the pipeline socket (spec §4): connecting → connected, a ping every 30 s,
 * and a new attempt 5 s after any close. A clean close reads "disconnected" meanwhile; a failure
 * (error, or a close before the socket opened) reads "error". A 4401 or 4429 close stops retrying.
 */
export function createPipelineClient(options: PipelineClientOptions) {
  const { timers } = options;
  let socket: SocketLike | null = null;
  let ping: unknown = null;
  let retry: unknown = null;
  let running = false;
  let state: LinkState = 'disconnected';
  let socketOpen = false;

  const setState = (next: LinkState) => {
    if (next === state) return;
    state = next;
    options.onState(next);
  };
  const stopPing = () => {
    if (ping !== null) timers.clearInterval(ping);
    ping = null;
  };
  const scheduleRetry = () => {
    if (retry !== null) timers.clearTimeout(retry);
    retry = timers.setTimeout(() => {
      retry = null;
      connect();
    }, RECONNECT_DELAY_MS);
  };

  function connect() {
    if (!running) return;
    const url = options.url();
    if (!url) {
      setState('disconnected');
      return;
    }
    setState('connecting');
    let opened = false;
    let failed = false;
    let current: SocketLike;
    try {
      current = options.createSocket(url);
    } catch {
      setState('error');
      scheduleRetry();
      return;
    }
    socket = current;
    socketOpen = false;
    current.onopen = () => {
      opened = true;
      socketOpen = true;
      setState('connected');
      stopPing();
      ping = timers.setInterval(() => current.send(JSON.stringify({ type: 'ping' })), PING_INTERVAL_MS);
    };
    current.onerror = () => {
      failed = true;
      if (running) setState('error');
    };
    current.onmessage = (event) => {
      const message = parsePipelineFrame(event.data);
      if (message) options.onMessage(message);
      else if (options.onNotifications) {
        const update = parseNotificationsFrame(event.data);
        if (update) options.onNotifications(update);
      }
    };
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      stopPing();
      if (!running) return;
      if (TERMINAL_CLOSE_CODES.includes(event.code)) {
        setState('disconnected');
        return;
      }
      setState(failed || !opened ? 'error' : 'disconnected');
      scheduleRetry();
    };
  }

  return {
    start() {
      if (running) return;
      running = true;
      connect();
    },
    stop() {
      running = false;
      if (retry !== null) timers.clearTimeout(retry);
      retry = null;
      stopPing();
      const closing = socket;
      socket = null;
      if (closing) {
        closing.onmessage = closing.onerror = closing.onclose = null;
        // Closing a socket that is still connecting makes the browser log an error: let it open.
        if (socketOpen) closing.close(1000, 'bye');
        else closing.onopen = () => closing.close(1000, 'bye');
      }
      setState('disconnected');
    },
    getState: () => state,
  };
}

import { describe, expect, it } from 'vitest';
import { PIPELINE_STAGES } from '@preciofab/shared/catalogue';
import { pipelineMessageSchema } from '@preciofab/shared/contracts/pipeline';
import {
  createPipelineClient,
  parsePipelineFrame,
  pipelineSocketUrl,
  type LinkState,
  type PipelineMessage,
  type SocketLike,
  type Timers,
} from './pipeline-client.ts';

class FakeSocket implements SocketLike {
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  onmessage: SocketLike['onmessage'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closedWith = code;
  }
  open() {
    this.onopen?.({});
  }
  fail() {
    this.onerror?.({});
    this.onclose?.({ code: 1006 });
  }
}

/** Timers that only move when the test says so. */
function fakeTimers() {
  let now = 0;
  let next = 0;
  const pending = new Map<number, { at: number; fn: () => void; every: number | null }>();
  const timers: Timers = {
    setTimeout: (fn, ms) => (pending.set(++next, { at: now + ms, fn, every: null }), next),
    clearTimeout: (id) => void pending.delete(id as number),
    setInterval: (fn, ms) => (pending.set(++next, { at: now + ms, fn, every: ms }), next),
    clearInterval: (id) => void pending.delete(id as number),
  };
  function advance(ms: number) {
    const end = now + ms;
    for (;;) {
      const due = [...pending.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      const [id, timer] = due;
      now = timer.at;
      if (timer.every === null) pending.delete(id);
      else timer.at += timer.every;
      timer.fn();
    }
    now = end;
  }
  return { timers, advance, count: () => pending.size };
}

function setup(url: () => string | null = () => 'ws://host/x') {
  const sockets: FakeSocket[] = [];
  const states: LinkState[] = [];
  const messages: PipelineMessage[] = [];
  const clock = fakeTimers();
  const client = createPipelineClient({
    url,
    createSocket: (address) => {
      const socket = new FakeSocket(address);
      sockets.push(socket);
      return socket;
    },
    timers: clock.timers,
    onState: (state) => states.push(state),
    onMessage: (message) => messages.push(message),
  });
  const last = () => sockets[sockets.length - 1]!;
  return { client, sockets, states, messages, clock, last };
}

const update = {
  type: 'pipeline_update',
  stage: 'price_collection',
  progress: 40,
  status: 'running',
  message: 'Collecting prices: 4 of 10 targets',
  timestamp: '2026-11-22T07:00:00.000Z',
  details: { source: 'crawl' },
};

describe('pipeline client', () => {
  it('connects, reports connected and pings every 30 s', () => {
    const { client, states, last, clock } = setup();
    client.start();
    expect(states).toEqual(['connecting']);
    last().open();
    expect(states).toEqual(['connecting', 'connected']);
    clock.advance(29_999);
    expect(last().sent).toEqual([]);
    clock.advance(1);
    expect(last().sent.map((s) => JSON.parse(s))).toEqual([{ type: 'ping' }]);
    clock.advance(60_000);
    expect(last().sent).toHaveLength(3);
  });

  it('passes pipeline updates on and ignores pongs and junk', () => {
    const { client, messages, last } = setup();
    client.start();
    last().open();
    last().onmessage?.({ data: JSON.stringify({ type: 'pong', timestamp: 'x' }) });
    last().onmessage?.({ data: 'not json' });
    last().onmessage?.({ data: JSON.stringify(update) });
    expect(messages).toHaveLength(1);
    expect(messages[0]?.progress).toBe(40);
  });

  it('reads disconnected after a clean close and reconnects 5 s later', () => {
    const { client, states, sockets, last, clock } = setup();
    client.start();
    last().open();
    last().onclose?.({ code: 1001 });
    expect(states.at(-1)).toBe('disconnected');
    clock.advance(4_999);
    expect(sockets).toHaveLength(1);
    clock.advance(1);
    expect(sockets).toHaveLength(2);
    expect(states.at(-1)).toBe('connecting');
    last().open();
    expect(states.at(-1)).toBe('connected');
  });

  it('shows error on a failure and retries every 5 s until it opens', () => {
    const { client, states, sockets, last, clock } = setup();
    client.start();
    last().fail();
    expect(states).toEqual(['connecting', 'error']);
    clock.advance(5_000);
    expect(sockets).toHaveLength(2);
    last().fail();
    clock.advance(5_000);
    expect(sockets).toHaveLength(3);
    last().open();
    expect(states.at(-1)).toBe('connected');
    // The ping of a dead socket stopped.
    clock.advance(30_000);
    expect(sockets[0]!.sent).toEqual([]);
    expect(last().sent).toHaveLength(1);
  });

  it('stops retrying when the server rejects the token (4401)', () => {
    const { client, states, sockets, last, clock } = setup();
    client.start();
    last().open();
    last().onclose?.({ code: 4401 });
    expect(states.at(-1)).toBe('disconnected');
    clock.advance(60_000);
    expect(sockets).toHaveLength(1);
    expect(clock.count()).toBe(0);
  });

  it('stops retrying when a newer socket of the same user took its place (4429)', () => {
    // Retrying would close another tab's socket, which would retry in turn, forever.
    const { client, states, sockets, last, clock } = setup();
    client.start();
    last().open();
    last().onclose?.({ code: 4429 });
    expect(states.at(-1)).toBe('disconnected');
    clock.advance(60_000);
    expect(sockets).toHaveLength(1);
    expect(clock.count()).toBe(0);
  });

  it('retries after a rate-limit (1008) or size (1009) close, which a console never provokes twice', () => {
    const { client, sockets, last, clock } = setup();
    client.start();
    last().open();
    last().onclose?.({ code: 1008 });
    clock.advance(5_000);
    expect(sockets).toHaveLength(2);
    last().open();
    last().onclose?.({ code: 1009 });
    clock.advance(5_000);
    expect(sockets).toHaveLength(3);
  });

  it('does not connect without a token', () => {
    const { client, sockets, states } = setup(() => null);
    client.start();
    expect(sockets).toHaveLength(0);
    expect(states).toEqual([]);
  });

  it('stop closes the socket, clears every timer and ignores its late events', () => {
    const { client, states, last, clock } = setup();
    client.start();
    last().open();
    client.stop();
    expect(last().closedWith).toBe(1000);
    expect(states.at(-1)).toBe('disconnected');
    expect(clock.count()).toBe(0);
    clock.advance(60_000);
    expect(states.at(-1)).toBe('disconnected');
  });

  it('closes a socket stopped while connecting only once it opens', () => {
    const { client, last } = setup();
    client.start();
    client.stop();
    expect(last().closedWith).toBeNull();
    last().open();
    expect(last().closedWith).toBe(1000);
  });
});

describe('pipeline socket url and frames', () => {
  it('uses wss on https and ws on http, same host, token and language in the query', () => {
    expect(pipelineSocketUrl({ protocol: 'https:', host: 'a.mx' }, 't k', 'es')).toBe(
      'wss://a.mx/api/v1/ws/pipeline-status?token=t+k&lang=es',
    );
    expect(pipelineSocketUrl({ protocol: 'http:', host: 'localhost:3000' }, 'abc', 'en')).toBe(
      'ws://localhost:3000/api/v1/ws/pipeline-status?token=abc&lang=en',
    );
  });

  it('accepts only pipeline updates of the contract', () => {
    expect(parsePipelineFrame(JSON.stringify(update))?.stage).toBe('price_collection');
    expect(parsePipelineFrame(JSON.stringify({ ...update, progress: 140 }))).toBeNull();
    expect(parsePipelineFrame(42)).toBeNull();
  });

  it('agrees with the shared zod contract on valid and broken messages', () => {
    const variants: unknown[] = [
      update,
      { ...update, progress: 2.5 },
      { ...update, progress: -1 },
      { ...update, stage: 'nope' },
      { ...update, status: 'done' },
      { ...update, type: 'pong' },
      { ...update, message: 7 },
      { ...update, timestamp: undefined },
      { ...update, details: { source: 'report', job_id: 'j1' } },
      { ...update, details: { source: 'mail' } },
      { ...update, details: null },
      ...PIPELINE_STAGES.map((stage) => ({ ...update, stage, status: 'completed', progress: 100 })),
    ];
    for (const variant of variants) {
      const byContract = pipelineMessageSchema.safeParse(variant).success;
      expect(parsePipelineFrame(JSON.stringify(variant)) !== null, JSON.stringify(variant)).toBe(byContract);
    }
  });
});

import { createRequire } from 'node:module';

/** The part of a `ws` client socket the tests use (the package ships no types of its own). */
type WsSocket = {
  send(data: string | Buffer): void;
  close(code?: number): void;
  terminate(): void;
  once(event: 'open', listener: () => void): void;
  once(event: 'unexpected-response', listener: (req: unknown, res: { statusCode: number }) => void): void;
  on(event: 'error', listener: (err: Error) => void): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: (code: number, reason: Buffer) => void): void;
};
type WsConstructor = new (url: string) => WsSocket;

const { WebSocket } = createRequire(import.meta.url)('ws') as { WebSocket: WsConstructor };

export type WsClient = {
  ws: WsSocket;
  messages: Record<string, unknown>[];
  closed: Promise<{ code: number; reason: string }>;
  /** Whether the close has arrived yet. */
  isClosed(): boolean;
};

/** A real `ws` client over a real TCP connection (the server listening on loopback). */
export async function openWs(url: string): Promise<WsClient> {
  const ws = new WebSocket(url);
  const messages: Record<string, unknown>[] = [];
  let isClosed = false;
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => {
      isClosed = true;
      resolve({ code, reason: reason.toString() });
    }),
  );
  ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as Record<string, unknown>));
  // A send racing the server's close can fail; the close event is what the tests look at.
  ws.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    void closed.then(() => reject(new Error('closed before it opened')));
  });
  return { ws, messages, closed, isClosed: () => isClosed };
}

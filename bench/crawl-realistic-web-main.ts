/**
 * The realistic crawl bench's fixture web as a process of its own, started by crawl-realistic.ts
 * with its options as JSON in argv[2]. Talks over the IPC channel: sends `{ type: 'ready', … }`
 * once listening; answers `reset` (empty the request log) and `log` (send it); closes on `close`.
 */
import { startRealisticWeb, type WebOptions } from './crawl-realistic-web.ts';

const send = (message: unknown) => process.send!(message);
const web = await startRealisticWeb(JSON.parse(process.argv[2]!) as WebOptions);
process.on('message', (message: { type: string }) => {
  if (message.type === 'reset') {
    web.reset();
    send({ type: 'reset' });
  } else if (message.type === 'log') {
    send({ type: 'log', requests: web.log() });
  } else if (message.type === 'close') {
    void web.close().then(() => process.exit(0));
  }
});
// The bench gone, the web goes too.
process.on('disconnect', () => void web.close().then(() => process.exit(0)));
send({ type: 'ready', ...web.ready });

/** The body of a discovery run's thread (see `discovery-reader.ts`): reads sitemaps and pages off
 * the thread that answers HTTP and talks to the database. */
import { parentPort } from 'node:worker_threads';
import { readHomePage, readLinkPage } from '../page-reading.ts';
import { readSitemapFile } from '../sitemap-reader.ts';
import type { ReaderRequest, ReaderResponse, ReaderResult } from './discovery-wire.ts';

const port = parentPort!;
let queue = Promise.resolve();

const run = async (request: ReaderRequest): Promise<ReaderResult> => {
  switch (request.op) {
    case 'sitemap':
      return readSitemapFile(request.input, request.limits);
    case 'home_page':
      return readHomePage(request.input);
    case 'link_page':
      return readLinkPage(request.input);
  }
};

// One request at a time, in order: the reader's time limit for one counts from when it starts.
port.on('message', (request: ReaderRequest) => {
  queue = queue.then(async () => {
    port.postMessage({ id: request.id, started: true } satisfies ReaderResponse);
    let response: ReaderResponse;
    try {
      response = { id: request.id, result: await run(request) };
    } catch (error) {
      // A broken page or sitemap (or a bug of ours) fails this request, never the thread.
      response = { id: request.id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(response);
  });
});

/** The body of the crawler's extraction thread (see `extract-pool.ts`): reads the offers of an HTML
 * page off the main thread, which meanwhile serves HTTP and talks to the database. */
import { parentPort } from 'node:worker_threads';
import { extractPage, looksScriptDrawn } from '../extract-page.ts';
import type { ExtractRequest, ExtractResponse } from './extract-wire.ts';

const port = parentPort!;

port.on('message', ({ id, input, checkRendering }: ExtractRequest) => {
  let response: ExtractResponse;
  try {
    const offers = extractPage(input);
    response = {
      id,
      offers,
      // The offers are known to be none: only the shell signs remain to be read.
      needsRendering: checkRendering && offers.length === 0 && looksScriptDrawn(input.html),
    };
  } catch (error) {
    response = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(response);
});

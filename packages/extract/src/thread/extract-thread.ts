/** The body of the extraction thread (see `extract-pool.ts`): reads the offers of an HTML page off
 * the thread that answers HTTP and talks to the database. */
import { parentPort } from 'node:worker_threads';
import { ExtractionError } from '../deadline.ts';
import { extractPage } from '../extract-page.ts';
import type { ExtractRequest, ExtractResponse } from './extract-wire.ts';

const port = parentPort!;

port.on('message', ({ id, input, checkRendering }: ExtractRequest) => {
  let response: ExtractResponse;
  port.postMessage({ id, started: true } satisfies ExtractResponse);
  try {
    const started = performance.now();
    const reading = extractPage(input);
    const ms = Math.round((performance.now() - started) * 100) / 100;
    response = { id, ...reading, needsRendering: checkRendering && reading.script_drawn, ms };
  } catch (error) {
    const code = error instanceof ExtractionError ? error.code : 'extraction_failed';
    // A stack overflow or any other bug of ours fails this page, never the thread.
    response = { id, code, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(response);
});

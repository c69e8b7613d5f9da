import type { ImportFile, ParseImportFile } from './vendor-import.ts';

/** Reads an import file in a dedicated module worker, one per file, ended once it answers. The
 * worker is a same-origin script, which the console's CSP (script-src 'self') allows. */
export const parseInWorker: ParseImportFile = (file) =>
  new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./vendor-import.worker.ts', import.meta.url), { type: 'module' });
    const done = () => worker.terminate();
    worker.addEventListener('message', (event: MessageEvent<ImportFile>) => {
      done();
      resolve(event.data);
    });
    worker.addEventListener('error', (event) => {
      done();
      reject(new Error(event.message || 'import worker failed'));
    });
    worker.addEventListener('messageerror', () => {
      done();
      reject(new Error('import worker answer unreadable'));
    });
    worker.postMessage(file);
  });

// First: no eval probe under the CSP (see the module).
import '../../../lib/zod-jitless.ts';
import { readVendorImport, type ImportFile } from './vendor-import.ts';

/** Reads and validates an import file off the main thread: parsing and validating a large file
 * in the page would freeze the tab. Receives the file, answers its ImportFile. */
self.addEventListener('message', (event: MessageEvent<Blob>) => {
  void event.data
    .text()
    .then((text): ImportFile => readVendorImport(text))
    .catch((): ImportFile => ({ ok: false, problem: 'unreadable' }))
    .then((result) => self.postMessage(result));
});

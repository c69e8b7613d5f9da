// An alert's email links a price's evidence as /prices?observation=<id>&offer=<id>
// (alertEvidencePath in packages/shared/src/alert-text.ts); the page opens its dialog.
const OBSERVATION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The observation an alert's evidence link names, if it is an id at all. */
export function linkedObservation(params: URLSearchParams): string | null {
  const id = params.get('observation');
  return id !== null && OBSERVATION_ID.test(id) ? id : null;
}

/** The address without the evidence link, once its dialog is closed (a reload must not reopen it). */
export function withoutEvidenceLink(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('observation');
  next.delete('offer');
  return next;
}

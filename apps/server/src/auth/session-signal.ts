import { z } from 'zod';
import type { PubSub } from '@preciofab/db/pubsub';

/** "A session, or a user's sessions, may have ended": sent on sign-out, password change and
 * deactivation, so every server process re-checks its live sockets of those sessions at once
 * rather than at their next periodic check. The same bus as the pipeline events: LISTEN/NOTIFY
 * across processes on PostgreSQL, in-process on PGlite. */
export const SESSIONS_CHANGED_CHANNEL = 'sessions_changed';

export const sessionsChangedSchema = z.union([
  z.object({ session_id: z.string().min(1) }),
  z.object({ user_id: z.string().min(1) }),
]);
export type SessionsChanged = z.infer<typeof sessionsChangedSchema>;

/** Sent after the commit that revoked the sessions, so a re-check on any process sees the
 * revocation (an in-process bus would not wait for a commit). Without a bus (some unit tests)
 * nothing is sent and the sockets notice at their periodic re-check. */
export async function signalSessionsChanged(
  pubsub: PubSub | undefined,
  change: SessionsChanged,
): Promise<void> {
  // This process first, at once: its next request must not be answered from what it remembered.
  for (const listener of localListeners) listener(change);
  await pubsub?.publish(SESSIONS_CHANGED_CHANNEL, change);
}

const localListeners = new Set<(change: SessionsChanged) => void>();

/** Called synchronously by every `signalSessionsChanged` of this process, before the signal is
 * sent to the others. Returns the function that stops it. */
export function onSessionsChangedHere(listener: (change: SessionsChanged) => void): () => void {
  localListeners.add(listener);
  return () => localListeners.delete(listener);
}

/** How many listeners this process has (one per auth service until it closes). */
export function sessionsChangedListenerCount(): number {
  return localListeners.size;
}

/**
 * Toasts as spec §4 says: types success, error, loading, blank and custom; 4 s by default, 3 s for
 * success, 6 s for error (loading stays until replaced or dismissed); at most 20 on screen; a
 * dismissed toast leaves after 1 s (its exit animation); the same success or error text is not
 * shown twice within its own duration. Pure state: the Toaster component renders it.
 */
export type ToastType = 'success' | 'error' | 'loading' | 'blank' | 'custom';
export type Toast = {
  id: string;
  type: ToastType;
  message: string;
  createdAt: number;
  /** Milliseconds on screen; Infinity for loading toasts. */
  duration: number;
  /** False once dismissed, until it is removed REMOVE_DELAY_MS later. */
  visible: boolean;
};
export type ToastOptions = { id?: string; duration?: number };

export const TOAST_LIMIT = 20;
export const REMOVE_DELAY_MS = 1000;
export const SWIPE_DISMISS_PX = 50;
export const DEFAULT_DURATIONS: Record<ToastType, number> = {
  success: 3000,
  error: 6000,
  loading: Number.POSITIVE_INFINITY,
  blank: 4000,
  custom: 4000,
};
/** Spec §4: duplicates are suppressed for success (3 s) and error (6 s) toasts. */
const DUPLICATE_WINDOW_MS: Partial<Record<ToastType, number>> = { success: 3000, error: 6000 };

type Listener = (toasts: readonly Toast[]) => void;
type Clock = {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (t: unknown) => void;
};

export function createToastStore(clock: Clock = defaultClock()) {
  let toasts: readonly Toast[] = [];
  let counter = 0;
  const timers = new Map<string, unknown>();
  // While the pointer rests on the toaster no toast expires, so none moves under it.
  let paused = false;
  const listeners = new Set<Listener>();

  const emit = () => {
    for (const listener of listeners) listener(toasts);
  };
  const clearTimer = (id: string) => {
    if (timers.has(id)) clock.clearTimeout(timers.get(id));
    timers.delete(id);
  };
  const schedule = (id: string, ms: number, fn: () => void) => {
    clearTimer(id);
    if (Number.isFinite(ms)) timers.set(id, clock.setTimeout(fn, ms));
  };

  function remove(id?: string) {
    const gone = id === undefined ? toasts : toasts.filter((toast) => toast.id === id);
    for (const toast of gone) clearTimer(toast.id);
    toasts = id === undefined ? [] : toasts.filter((toast) => toast.id !== id);
    emit();
  }

  function dismiss(id?: string) {
    const now = toasts.filter((toast) => toast.visible && (id === undefined || toast.id === id));
    if (now.length === 0) return;
    toasts = toasts.map((toast) => (now.includes(toast) ? { ...toast, visible: false } : toast));
    for (const toast of now) schedule(toast.id, REMOVE_DELAY_MS, () => remove(toast.id));
    emit();
  }

  function show(type: ToastType, message: string, options: ToastOptions = {}): string {
    const at = clock.now();
    const window = DUPLICATE_WINDOW_MS[type];
    if (window !== undefined && options.id === undefined) {
      const twin = toasts.find(
        (toast) =>
          toast.visible && toast.type === type && toast.message === message && at - toast.createdAt < window,
      );
      if (twin) return twin.id;
    }
    const id = options.id ?? `toast-${++counter}`;
    const toast: Toast = {
      id,
      type,
      message,
      createdAt: at,
      duration: options.duration ?? DEFAULT_DURATIONS[type],
      visible: true,
    };
    // An existing id is updated in place (a loading toast becoming success or error).
    const index = toasts.findIndex((existing) => existing.id === id);
    const next =
      index >= 0 ? toasts.map((existing, i) => (i === index ? toast : existing)) : [toast, ...toasts];
    toasts = next.slice(0, TOAST_LIMIT);
    for (const dropped of next.slice(TOAST_LIMIT)) clearTimer(dropped.id);
    if (paused) clearTimer(id);
    else schedule(id, toast.duration, () => dismiss(id));
    emit();
    return id;
  }

  return {
    show,
    dismiss,
    remove,
    /** Stops every visible toast's timer while the pointer rests on the toaster (leaving ones still
     * go), so the list holds still; resume restarts each one's full duration. */
    pause: () => {
      paused = true;
      for (const toast of toasts) if (toast.visible) clearTimer(toast.id);
    },
    resume: () => {
      paused = false;
      for (const toast of toasts) {
        if (toast.visible) schedule(toast.id, toast.duration, () => dismiss(toast.id));
      }
    },
    getToasts: () => toasts,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function defaultClock(): Clock {
  return {
    now: () => Date.now(),
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (timer) => globalThis.clearTimeout(timer as ReturnType<typeof setTimeout>),
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

/** The console's one toast store. Messages are already translated by the caller. */
export const toastStore = createToastStore();

export const toast = Object.assign(
  (message: string, options?: ToastOptions) => toastStore.show('blank', message, options),
  {
    success: (message: string, options?: ToastOptions) => toastStore.show('success', message, options),
    error: (message: string, options?: ToastOptions) => toastStore.show('error', message, options),
    loading: (message: string, options?: ToastOptions) => toastStore.show('loading', message, options),
    custom: (message: string, options?: ToastOptions) => toastStore.show('custom', message, options),
    dismiss: (id?: string) => toastStore.dismiss(id),
  },
);

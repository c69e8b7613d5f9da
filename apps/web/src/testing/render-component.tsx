import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import type { Language } from '@preciofab/shared/catalogue';
import { vi } from 'vitest';
import { createQueryClient } from '../app/query-client.ts';
import { languageStore } from '../i18n/language-store.ts';
import { toastStore, type Toast } from '../lib/toast-store.ts';

export type RenderedComponent = RenderResult & {
  user: ReturnType<typeof userEvent.setup>;
  /** The toasts on screen, newest first (as the toast store keeps them). */
  toasts: () => readonly Toast[];
};

/** Renders a console component as the app does: the app's query client (its retry and network
 * rules), a router, and the chosen language (Spanish unless told). */
export function renderComponent(
  ui: ReactElement,
  options: { language?: Language; /** The address it renders at, query included. */ route?: string } = {},
): RenderedComponent {
  languageStore.set(options.language ?? 'es');
  const client = createQueryClient();
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, user, toasts: () => toastStore.getToasts() };
}

export type FetchCall = { method: string; url: string; body: unknown };
export type FetchReply = { status: number; body?: unknown } | 'network-error';

/** Stands in for the network inside a component test: each call is recorded and answered by
 * `reply` (a status and JSON body, or a network failure like an offline browser's). */
export function stubFetch(reply: (call: FetchCall) => FetchReply | Promise<FetchReply>): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const text = typeof init.body === 'string' ? init.body : null;
    const call: FetchCall = {
      method: init.method ?? 'GET',
      url,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    calls.push(call);
    const answer = await reply(call);
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}

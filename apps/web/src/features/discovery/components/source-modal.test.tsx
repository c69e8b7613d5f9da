import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DiscoverySource } from '@preciofab/shared/contracts/discovery';
import { renderComponent, stubFetch, type FetchReply } from '../../../testing/render-component.tsx';
import { SourceModal } from './source-modal.tsx';

const saved = (over: Partial<DiscoverySource> = {}): DiscoverySource => ({
  id: 's1',
  name: 'Directorio de talleres',
  type: 'directory',
  config: { directory_url: 'https://talleres.example.mx/directorio', keywords: ['corte láser', 'CNC'] },
  secret_fields: [],
  schedule: '0 6 * * 1',
  active: true,
  status: 'idle',
  total_discovered: 0,
  total_approved: 0,
  last_run_at: null,
  last_error: null,
  last_run_errors: [],
  next_run_at: null,
  schedule_time_zone: 'America/Mexico_City',
  created_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

function open(source: DiscoverySource | null = null, language: 'es' | 'en' = 'es') {
  const onClose = vi.fn();
  const rendered = renderComponent(<SourceModal source={source} onClose={onClose} />, { language });
  const form = within(screen.getByTestId('source-form'));
  const field = (label: string) => form.getByLabelText(label, { exact: true });
  const submit = () => rendered.user.click(form.getByTestId('source-submit'));
  return { ...rendered, onClose, form, field, submit };
}

describe('SourceModal', () => {
  it('shows the spec §5 messages of the chosen type on their fields and sends nothing', async () => {
    const calls = stubFetch(() => ({ status: 500 }));
    const { field, submit, user } = open();
    await submit();
    expect(await screen.findByText('El nombre de la fuente es obligatorio')).toBeTruthy();
    expect(field('Nombre de la fuente').getAttribute('aria-invalid')).toBe('true');
    expect(field('Consulta de búsqueda').getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText('La consulta de búsqueda es obligatoria para fuentes de motor de búsqueda'),
    ).toBeTruthy();

    await user.selectOptions(field('Tipo de fuente'), 'sitemap');
    expect(screen.queryByLabelText('Consulta de búsqueda')).toBeNull();
    await user.type(field('URL del sitemap'), 'no es una url');
    await submit();
    expect(await screen.findByText('Por favor ingresa una URL válida')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('creates a source with only its type’s fields, says so and closes', async () => {
    const calls = stubFetch(({ body }) => ({
      status: 201,
      body: saved({ name: (body as { name: string }).name }),
    }));
    const { field, submit, user, onClose, toasts } = open();
    await user.type(field('Nombre de la fuente'), '  Directorio de talleres ');
    await user.type(field('Consulta de búsqueda'), 'left over from another type');
    await user.selectOptions(field('Tipo de fuente'), 'directory');
    await user.type(field('URL del directorio'), 'https://talleres.example.mx/directorio');
    await user.clear(field('Palabras clave'));
    await user.type(field('Palabras clave'), ' corte láser , , CNC ');
    await user.selectOptions(field('Programación'), 'weekly');
    await submit();

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/v1/discovery/sources',
        body: {
          name: 'Directorio de talleres',
          type: 'directory',
          config: {
            directory_url: 'https://talleres.example.mx/directorio',
            keywords: ['corte láser', 'CNC'],
          },
          schedule: '0 6 * * 1',
          active: true,
        },
      },
    ]);
    expect(toasts().map((t) => [t.type, t.message])).toEqual([['success', 'Directorio de talleres creada']]);
  });

  it('puts the server’s field errors on their fields', async () => {
    stubFetch(() => ({
      status: 400,
      body: {
        detail: 'La solicitud no es válida',
        errors: [{ field: 'config.search_query', message: 'Consulta rechazada por el servidor' }],
      },
    }));
    const { field, submit, user, onClose } = open();
    await user.type(field('Nombre de la fuente'), 'Búsqueda');
    await user.type(field('Consulta de búsqueda'), 'impresión 3D');
    await submit();
    expect(await screen.findByText('Consulta rechazada por el servidor')).toBeTruthy();
    expect(field('Consulta de búsqueda').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says a network failure, keeps what was typed and sends again', async () => {
    let reply: FetchReply = 'network-error';
    const calls = stubFetch(() => reply);
    const { field, form, submit, user, onClose } = open();
    await user.type(field('Nombre de la fuente'), 'Búsqueda');
    await user.type(field('Consulta de búsqueda'), 'impresión 3D');
    await submit();
    const banner = await form.findByRole('alert', {}, { timeout: 8000 });
    expect(banner.textContent).toBe('Error de red. Revisa tu conexión e inténtalo de nuevo.');
    expect((field('Nombre de la fuente') as HTMLInputElement).value).toBe('Búsqueda');
    expect((field('Consulta de búsqueda') as HTMLInputElement).value).toBe('impresión 3D');
    expect(form.getByTestId('source-submit').textContent).toBe('Crear fuente');

    reply = { status: 201, body: saved({ name: 'Búsqueda' }) };
    const failedCalls = calls.length;
    await submit();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.slice(failedCalls).map((c) => c.body)).toEqual([calls[0]!.body]);
  }, 15_000);

  it('edits a source: its type is fixed, the body leaves it out (in English)', async () => {
    const calls = stubFetch(() => ({ status: 200, body: saved({ name: 'Workshops' }) }));
    const { field, submit, user, onClose, toasts } = open(saved(), 'en');
    expect((field('Source type') as HTMLSelectElement).disabled).toBe(true);
    expect((field('Keywords') as HTMLInputElement).value).toBe('corte láser, CNC');
    await user.clear(field('Source name'));
    await submit();
    expect(await screen.findByText('Source name is required')).toBeTruthy();
    await user.type(field('Source name'), 'Workshops');
    await submit();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      {
        method: 'PATCH',
        url: '/api/v1/discovery/sources/s1',
        body: {
          name: 'Workshops',
          config: {
            directory_url: 'https://talleres.example.mx/directorio',
            keywords: ['corte láser', 'CNC'],
          },
          schedule: '0 6 * * 1',
          active: true,
        },
      },
    ]);
    expect(toasts().at(-1)?.message).toBe('Workshops updated');
  });
});

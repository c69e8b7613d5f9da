import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DiscoverySource } from '@preciofab/shared/contracts/discovery';
import { budgetStopNote } from '@preciofab/shared/discovery-budget';
import { issueNote } from '@preciofab/shared/discovery-issues';
import { renderComponent } from '../../../testing/render-component.tsx';
import { SourceCard } from './source-card.tsx';

const source = (patch: Partial<DiscoverySource>): DiscoverySource => ({
  id: 's1',
  name: 'Directorio del Bajío',
  type: 'directory',
  config: { directory_url: 'https://directorio.example.mx/' },
  secret_fields: [],
  schedule: '',
  active: true,
  status: 'idle',
  total_discovered: 0,
  total_approved: 0,
  last_run_at: '2026-01-01T00:00:00.000Z',
  last_error: null,
  last_run_errors: [],
  next_run_at: null,
  schedule_time_zone: 'America/Mexico_City',
  created_at: '2025-01-01T00:00:00.000Z',
  ...patch,
});

const DNS =
  'Could not read the directory at https://directorio.example.mx/: getaddrinfo ENOTFOUND directorio.example.mx';

describe('a source card says why a run failed in the reader’s language', () => {
  it('words the reason of a failed run, the technical text folded beneath', () => {
    renderComponent(
      <SourceCard
        source={source({
          status: 'failed',
          last_error: issueNote({ kind: 'error', code: 'dns_not_found', item: 'source', detail: DNS }),
        })}
        onRun={null}
        runStarting={false}
        admin={null}
      />,
    );
    const failure = screen.getByTestId('source-failure');
    expect(
      within(failure).getByText('La última ejecución falló: no se encontró el dominio (DNS)'),
    ).toBeTruthy();
    const detail = within(failure).getByTestId('issue-detail');
    expect(detail.tagName).toBe('DETAILS');
    expect((detail as HTMLDetailsElement).open).toBe(false);
    expect(detail.textContent).toContain('getaddrinfo ENOTFOUND');
  });

  it('reads a failure stored before the codes by its words', () => {
    renderComponent(
      <SourceCard
        source={source({ status: 'failed', last_error: DNS })}
        onRun={null}
        runStarting={false}
        admin={null}
      />,
      { language: 'en' },
    );
    expect(screen.getByText('Last run failed: the domain was not found (DNS)')).toBeTruthy();
  });

  it('lists what the run went on without, each in words, old texts and budget notes included', () => {
    renderComponent(
      <SourceCard
        source={source({
          last_run_errors: [
            budgetStopNote({ budget: 'sitemaps', limit: 1 }),
            issueNote({
              kind: 'error',
              code: 'http_status',
              status: 404,
              item: 'home_page',
              url: 'https://taller.example.mx/',
              detail: 'HTTP 404 from https://taller.example.mx/',
            }),
            "Home page https://otro.example.mx/ could not be read (kept, scored from the source's text): connect ECONNREFUSED",
          ],
        })}
        onRun={null}
        runStarting={false}
        admin={null}
      />,
    );
    const warnings = screen.getByTestId('source-warnings');
    expect(within(warnings).getByText('3 avisos en la última ejecución')).toBeTruthy();
    expect(
      within(warnings).getByText(/^La lectura de sitemaps se detuvo en su límite de 1 archivo;/),
    ).toBeTruthy();
    const items = within(warnings).getAllByTestId('source-warning');
    expect(items.map((li) => li.firstChild?.textContent)).toEqual([
      'Página de inicio https://taller.example.mx/: el servidor respondió con el estado HTTP 404',
      'Página de inicio https://otro.example.mx/: el servidor rechazó la conexión',
    ]);
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderComponent, stubFetch } from '../../../testing/render-component.tsx';
import { UnsubscribePage } from './unsubscribe-page.tsx';

const TOKEN = 'ab'.repeat(32);
const RULE = { rule_id: '0190c1e4-0000-7000-8000-000000000001', rule_name: 'PLA sube de precio' };

describe('UnsubscribePage', () => {
  it('names the rule, changes nothing until asked, then turns its email off', async () => {
    const calls = stubFetch((call) =>
      call.method === 'GET'
        ? { status: 200, body: { ...RULE, email: 'immediate' } }
        : { status: 200, body: { ...RULE, email: 'off' } },
    );
    const { user } = renderComponent(<UnsubscribePage />, { route: `/unsubscribe?token=${TOKEN}` });
    expect((await screen.findByTestId('unsubscribe-question')).textContent).toContain('«PLA sube de precio»');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([`GET /api/v1/unsubscribe/${TOKEN}`]);
    await user.click(screen.getByTestId('unsubscribe-confirm'));
    expect((await screen.findByTestId('unsubscribe-done')).textContent).toContain('«PLA sube de precio»');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `GET /api/v1/unsubscribe/${TOKEN}`,
      `POST /api/v1/unsubscribe/${TOKEN}`,
    ]);
  });

  it('says so when the email is already off', async () => {
    stubFetch(() => ({ status: 200, body: { ...RULE, email: 'off' } }));
    renderComponent(<UnsubscribePage />, { route: `/unsubscribe?token=${TOKEN}`, language: 'en' });
    expect((await screen.findByTestId('unsubscribe-done')).textContent).toBe(
      'You will no longer receive email from the rule “PLA sube de precio”.',
    );
  });

  it('refuses a malformed token without calling the server, and an unknown one after asking', async () => {
    const calls = stubFetch(() => ({ status: 404, body: { detail: 'not found' } }));
    const first = renderComponent(<UnsubscribePage />, { route: '/unsubscribe?token=nope' });
    expect(
      await screen.findByText('Este enlace para dejar de recibir correos no es válido o ya no existe.'),
    ).toBeTruthy();
    expect(calls).toEqual([]);
    first.unmount();
    renderComponent(<UnsubscribePage />, { route: `/unsubscribe?token=${TOKEN}` });
    expect(
      await screen.findByText('Este enlace para dejar de recibir correos no es válido o ya no existe.'),
    ).toBeTruthy();
    expect(calls).toHaveLength(1);
  });
});

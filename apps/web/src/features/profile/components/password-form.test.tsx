import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { languageStore } from '../../../i18n/language-store.ts';
import { renderComponent, stubFetch, type FetchReply } from '../../../testing/render-component.tsx';
import { PasswordForm } from './password-form.tsx';

const OK = { status: 200, body: { ok: true } };

function open(language: 'es' | 'en' = 'es') {
  const rendered = renderComponent(<PasswordForm />, { language });
  const form = within(screen.getByTestId('password-form'));
  const input = (label: string) => form.getByLabelText(label) as HTMLInputElement;
  const submit = () => rendered.user.click(form.getByTestId('password-submit'));
  const fill = async (current: string, next: string, confirm: string) => {
    for (const [label, value] of [
      [/actual|Current/, current],
      [/^(Contraseña nueva|New password)$/, next],
      [/Confirm/, confirm],
    ] as const) {
      const field = form.getByLabelText(label);
      await rendered.user.clear(field);
      if (value) await rendered.user.type(field, value);
    }
  };
  return { ...rendered, form, input, submit, fill };
}

describe('PasswordForm', () => {
  it('shows the contract messages and the mismatch, in the reader’s language, and sends nothing', async () => {
    const calls = stubFetch(() => OK);
    const { form, submit, fill } = open();
    await submit();
    expect(await form.findByText('Este campo es obligatorio')).toBeTruthy();
    expect(form.getByText('La contraseña debe tener al menos 10 caracteres')).toBeTruthy();

    await fill('mi-clave-vieja', 'segunda-clave-2026', 'segunda-clave-2027');
    await submit();
    expect(await form.findByText('Las contraseñas no coinciden')).toBeTruthy();
    expect(form.getByLabelText('Confirma la contraseña nueva').getAttribute('aria-invalid')).toBe('true');

    act(() => languageStore.set('en'));
    expect(await form.findByText('The passwords do not match')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sends the current and new password only, says so and empties the form', async () => {
    const calls = stubFetch(() => OK);
    const { submit, fill, input, toasts } = open();
    await fill('mi-clave-vieja', 'segunda-clave-2026', 'segunda-clave-2026');
    await submit();
    await expect.poll(() => input('Contraseña nueva').value).toBe('');
    expect(input('Contraseña actual').value).toBe('');
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/v1/auth/password',
        body: { current_password: 'mi-clave-vieja', new_password: 'segunda-clave-2026' },
      },
    ]);
    expect(toasts().map((t) => [t.type, t.message])).toEqual([['success', 'Contraseña cambiada']]);
  });

  it('puts a wrong current password under its field; a refused attempt says why in the banner', async () => {
    let reply: FetchReply = {
      status: 400,
      body: {
        detail: 'x',
        errors: [{ field: 'current_password', message: 'Correo o contraseña incorrectos' }],
      },
    };
    stubFetch(() => reply);
    const { form, submit, fill, input } = open();
    await fill('no-es-mi-clave', 'segunda-clave-2026', 'segunda-clave-2026');
    await submit();
    expect(await form.findByText('Correo o contraseña incorrectos')).toBeTruthy();
    expect(input('Contraseña actual').getAttribute('aria-invalid')).toBe('true');
    expect(form.queryByRole('alert')).toBeNull();

    reply = {
      status: 429,
      body: { detail: 'Demasiados intentos fallidos. Intenta de nuevo en 60 segundos.', errors: [] },
    };
    await submit();
    const banner = await form.findByRole('alert');
    expect(banner.textContent).toBe('Demasiados intentos fallidos. Intenta de nuevo en 60 segundos.');
  });

  it('says a network failure, keeps what was typed and sends again (in English)', async () => {
    let reply: FetchReply = 'network-error';
    const calls = stubFetch(() => reply);
    const { form, submit, fill, input, toasts } = open('en');
    await fill('my-old-password', 'second-pass-2026', 'second-pass-2026');
    await submit();
    const banner = await form.findByRole('alert', {}, { timeout: 8000 });
    expect(banner.textContent).toBe('Network error. Please check your connection and try again.');
    expect(input('Current password').value).toBe('my-old-password');
    expect(input('New password').value).toBe('second-pass-2026');

    reply = OK;
    await submit();
    await expect.poll(() => toasts().map((t) => t.message)).toContain('Password changed');
    expect(calls.at(-1)?.body).toEqual({
      current_password: 'my-old-password',
      new_password: 'second-pass-2026',
    });
    expect(form.queryByRole('alert')).toBeNull();
  }, 15_000);
});

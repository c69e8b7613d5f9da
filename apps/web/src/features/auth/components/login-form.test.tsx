import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { translate } from '@preciofab/shared/i18n/messages';
import en from '../../../i18n/en-US.json';
import es from '../../../i18n/es-MX.json';
import { clearAuthToken, getAuthToken } from '../../../lib/auth-token.ts';
import { errorOf } from '../../../testing/field-error.ts';
import { renderComponent, stubFetch, type FetchCall } from '../../../testing/render-component.tsx';
import { LoginForm } from './login-form.tsx';

const signedIn = {
  status: 200,
  body: {
    access_token: 'token-ana',
    token_type: 'bearer',
    expires_in: 86_400,
    user: { id: '7f0c2d4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f', email: 'ana@taller.mx', name: 'Ana', role: 'admin' },
  },
};
const refused = (language: 'es' | 'en') => ({
  status: 401,
  body: { detail: translate(language, 'errors.invalid_credentials'), errors: [] },
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submit = (label = es.login.submit) => screen.getByRole('button', { name: label });

describe('LoginForm', () => {
  afterEach(() => {
    clearAuthToken('logout');
  });

  it('says which fields are required and sends nothing', async () => {
    const calls = stubFetch(() => signedIn);
    const { user } = renderComponent(<LoginForm />);
    await user.click(submit());
    expect(errorOf(field(es.login.email))).toBe(translate('es', 'validation.required'));
    expect(errorOf(field(es.login.password))).toBe(translate('es', 'validation.required'));
    expect(calls).toEqual([]);
  });

  it('signs in with the trimmed email and keeps the token', async () => {
    const calls = stubFetch(() => signedIn);
    const { user } = renderComponent(<LoginForm />);
    await user.type(field(es.login.email), ' ana@taller.mx ');
    await user.type(field(es.login.password), 'clave-segura-2026');
    await user.click(submit());

    await waitFor(() => expect(getAuthToken()).toBe('token-ana'));
    expect(calls).toEqual<FetchCall[]>([
      {
        method: 'POST',
        url: '/api/v1/auth/login',
        body: { email: 'ana@taller.mx', password: 'clave-segura-2026' },
      },
    ]);
  });

  it("shows the server's refusal, and a field error on its field", async () => {
    let reply: { status: number; body: unknown } = refused('es');
    stubFetch(() => reply);
    const { user } = renderComponent(<LoginForm />);
    await user.type(field(es.login.email), 'ana@taller.mx');
    await user.type(field(es.login.password), 'no-es-la-clave');
    await user.click(submit());
    await screen.findByText('Correo o contraseña incorrectos', { selector: '.alert__body' });
    expect(field(es.login.password).value).toBe('no-es-la-clave');
    expect(getAuthToken()).toBeNull();

    const tooLong = 'Debe tener como máximo 320 caracteres';
    reply = {
      status: 400,
      body: { detail: 'Datos no válidos', errors: [{ field: 'email', message: tooLong }] },
    };
    await user.click(submit());
    await waitFor(() => expect(errorOf(field(es.login.email))).toBe(tooLong));
    // The banner of the first attempt went with the new one; this error found its field.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a network failure, keeps what was typed, and a second try signs in', async () => {
    let online = false;
    const calls = stubFetch(() => (online ? signedIn : 'network-error'));
    const { user } = renderComponent(<LoginForm />);
    await user.type(field(es.login.email), 'ana@taller.mx');
    await user.type(field(es.login.password), 'clave-segura-2026');
    await user.click(submit());

    // The mutation's two retries (1 s, then 2 s) come first.
    await screen.findByText(es.errors.network, { selector: '.alert__body' }, { timeout: 10_000 });
    expect(calls).toHaveLength(3);
    expect([field(es.login.email).value, field(es.login.password).value]).toEqual([
      'ana@taller.mx',
      'clave-segura-2026',
    ]);

    online = true;
    await user.click(submit());
    await waitFor(() => expect(getAuthToken()).toBe('token-ana'));
    expect(calls).toHaveLength(4);
  }, 30_000);

  it('speaks English', async () => {
    stubFetch(() => refused('en'));
    const { user } = renderComponent(<LoginForm />, { language: 'en' });
    await user.click(submit(en.login.submit));
    expect(errorOf(field(en.login.email))).toBe('This field is required');
    await user.type(field(en.login.email), 'ana@taller.mx');
    await user.type(field(en.login.password), 'wrong');
    await user.click(submit(en.login.submit));
    await screen.findByText('Incorrect email or password', { selector: '.alert__body' });
  });
});

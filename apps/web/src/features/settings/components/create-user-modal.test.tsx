import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ManagedUser } from '@preciofab/shared/contracts/users';
import { renderComponent, stubFetch, type FetchReply } from '../../../testing/render-component.tsx';
import { CreateUserModal } from './create-user-modal.tsx';

const created = (name: string): ManagedUser => ({
  id: 'u1',
  email: 'ana@example.com',
  name,
  role: 'operator',
  active: true,
  language: 'en',
  created_at: '2026-01-01T00:00:00.000Z',
});

function open(language: 'es' | 'en' = 'es') {
  const onClose = vi.fn();
  const rendered = renderComponent(<CreateUserModal onClose={onClose} />, { language });
  const form = within(screen.getByTestId('user-form'));
  const submit = () => rendered.user.click(form.getByTestId('user-submit'));
  return { ...rendered, onClose, form, submit };
}

describe('CreateUserModal', () => {
  it('shows the contract messages on each field and sends nothing', async () => {
    const calls = stubFetch(() => ({ status: 500 }));
    const { form, submit, user } = open();
    await user.type(form.getByLabelText('Contraseña inicial'), 'corta');
    await submit();
    expect(await form.findByText('Por favor ingresa un correo electrónico válido')).toBeTruthy();
    expect(form.getByText('El nombre es obligatorio')).toBeTruthy();
    expect(form.getByText('La contraseña debe tener al menos 10 caracteres')).toBeTruthy();
    for (const label of ['Nombre', 'Correo electrónico', 'Contraseña inicial']) {
      expect(form.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    }
    expect(calls).toEqual([]);
  });

  it('adds the account, says so and closes', async () => {
    const calls = stubFetch(() => ({ status: 201, body: created('Ana Pérez') }));
    const { form, submit, user, onClose, toasts } = open();
    expect((form.getByLabelText('Rol') as HTMLSelectElement).value).toBe('viewer');
    await user.type(form.getByLabelText('Nombre'), ' Ana Pérez ');
    await user.type(form.getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(form.getByLabelText('Contraseña inicial'), 'una-clave-larga');
    await user.selectOptions(form.getByLabelText('Rol'), 'operator');
    await user.selectOptions(form.getByLabelText('Idioma'), 'en');
    await submit();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/v1/users',
        body: {
          email: 'ana@example.com',
          name: 'Ana Pérez',
          password: 'una-clave-larga',
          role: 'operator',
          language: 'en',
        },
      },
    ]);
    expect(toasts().map((t) => [t.type, t.message])).toEqual([['success', 'Usuario Ana Pérez creado']]);
  });

  it('puts the server’s field errors on their fields', async () => {
    stubFetch(() => ({
      status: 409,
      body: { detail: 'Ya existe', errors: [{ field: 'email', message: 'Ese correo ya tiene una cuenta' }] },
    }));
    const { form, submit, user, onClose } = open();
    await user.type(form.getByLabelText('Nombre'), 'Ana');
    await user.type(form.getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(form.getByLabelText('Contraseña inicial'), 'una-clave-larga');
    await submit();
    expect(await form.findByText('Ese correo ya tiene una cuenta')).toBeTruthy();
    expect(form.getByLabelText('Correo electrónico').getAttribute('aria-invalid')).toBe('true');
    expect(form.queryByRole('alert')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says a network failure, keeps what was typed and sends again (in English)', async () => {
    let reply: FetchReply = 'network-error';
    const calls = stubFetch(() => reply);
    const { form, submit, user, onClose } = open('en');
    await user.type(form.getByLabelText('Name'), 'Ana');
    await user.type(form.getByLabelText('Email'), 'ana@example.com');
    await user.type(form.getByLabelText('Initial password'), 'una-clave-larga');
    await submit();
    const banner = await form.findByRole('alert', {}, { timeout: 8000 });
    expect(banner.textContent).toBe('Network error. Please check your connection and try again.');
    expect((form.getByLabelText('Email') as HTMLInputElement).value).toBe('ana@example.com');
    expect((form.getByLabelText('Initial password') as HTMLInputElement).value).toBe('una-clave-larga');

    reply = { status: 201, body: created('Ana') };
    await submit();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.at(-1)?.body).toMatchObject({ name: 'Ana', email: 'ana@example.com', role: 'viewer' });
  }, 15_000);
});

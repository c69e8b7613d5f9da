import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { languageStore } from '../../i18n/language-store.ts';
import { renderComponent } from '../../testing/render-component.tsx';
import { useSchemaForm } from './use-schema-form.ts';

const schema = z.object({
  name: z.string().min(1, 'validation.name_required'),
  code: z.string().max(3),
});

function Probe({ onValid }: { onValid: (values: z.output<typeof schema>) => void }) {
  const form = useSchemaForm(schema, { defaultValues: { name: '', code: '' } });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(onValid)}>
      <input aria-label="name" {...form.register('name')} />
      <input aria-label="code" {...form.register('code')} />
      <output data-testid="name-error">{errors.name?.message}</output>
      <output data-testid="code-error">{errors.code?.message}</output>
      <button type="submit">go</button>
    </form>
  );
}

describe('useSchemaForm', () => {
  it("says the schema's keys and zod's generic issues in the reader's language, and again after a switch", async () => {
    const sent: unknown[] = [];
    const { user } = renderComponent(<Probe onValid={(values) => sent.push(values)} />);
    await user.type(screen.getByLabelText('code'), 'ABCD');
    await user.click(screen.getByRole('button'));
    expect(screen.getByTestId('name-error').textContent).toBe('El nombre es obligatorio');
    expect(screen.getByTestId('code-error').textContent).toBe('Debe ser como máximo 3');
    expect(sent).toEqual([]);

    act(() => languageStore.set('en'));
    await screen.findByText('Must be at most 3');
    expect(screen.getByTestId('name-error').textContent).toBe('Name is required');

    await user.type(screen.getByLabelText('name'), 'Ana');
    await user.clear(screen.getByLabelText('code'));
    await user.type(screen.getByLabelText('code'), 'MX');
    await user.click(screen.getByRole('button'));
    expect(sent).toEqual([{ name: 'Ana', code: 'MX' }]);
  });
});

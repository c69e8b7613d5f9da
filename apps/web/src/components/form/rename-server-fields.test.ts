import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { renameServerFields } from './rename-server-fields.ts';

const toUnits = (field: string) => (field.startsWith('rates.') ? 'units_per_usd' : null);

describe('renameServerFields', () => {
  it('renames the fields the form names otherwise and keeps the rest of the error', () => {
    const renamed = renameServerFields(
      new ApiError(400, 'La solicitud no es válida', [
        { field: 'rates.COP', message: 'El tipo de cambio debe ser mayor que 0' },
        { field: 'effective_date', message: 'Formato no válido' },
      ]),
      toUnits,
    );
    expect(renamed).toBeInstanceOf(ApiError);
    const error = renamed as ApiError;
    expect([error.status, error.detail]).toEqual([400, 'La solicitud no es válida']);
    expect(error.errors).toEqual([
      { field: 'units_per_usd', message: 'El tipo de cambio debe ser mayor que 0' },
      { field: 'effective_date', message: 'Formato no válido' },
    ]);
  });

  it('gives back anything with nothing to rename as it was', () => {
    const offline = new ApiError(0, '');
    expect(renameServerFields(offline, toUnits)).toBe(offline);
    const other = new Error('x');
    expect(renameServerFields(other, toUnits)).toBe(other);
  });
});

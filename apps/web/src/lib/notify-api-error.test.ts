import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { apiErrorNotice } from './notify-api-error.ts';

describe('call-level error notices (spec §8)', () => {
  it.each([
    [new ApiError(401, 'Token inválido'), null],
    [new ApiError(403, 'Prohibido'), { key: 'errors.forbidden' }],
    [new ApiError(404, 'No existe'), null],
    [new ApiError(500, 'La base de datos no responde'), { text: 'La base de datos no responde' }],
    [new ApiError(503, ''), { key: 'errors.server' }],
    [new ApiError(0, ''), { key: 'errors.network' }],
    [new TypeError('Failed to fetch'), { key: 'errors.network' }],
    [new ApiError(422, 'El nombre es obligatorio'), { text: 'El nombre es obligatorio' }],
    [new ApiError(409, ''), { key: 'errors.request' }],
    [new DOMException('aborted', 'AbortError'), null],
  ])('%s → %j', (error, notice) => {
    expect(apiErrorNotice(error)).toEqual(notice);
  });
});

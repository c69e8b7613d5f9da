import { describe, expect, it, vi } from 'vitest';
import './zod-jitless.ts';
import { z } from 'zod';

describe('zod-jitless (imported before zod, as main.tsx and the import worker do)', () => {
  it("sets zod's own jitless setting", () => {
    expect(z.config().jitless).toBe(true);
  });

  it('builds and parses object schemas without calling the Function constructor (eval)', () => {
    const calls = vi.fn();
    const original = globalThis.Function;
    globalThis.Function = new Proxy(original, {
      construct(target, args: unknown[]) {
        calls(args);
        return Reflect.construct(target, args) as object;
      },
    });
    try {
      const schema = z.object({ name: z.string(), price: z.number().positive() });
      expect(schema.parse({ name: 'PLA 1 kg', price: 24.99 })).toEqual({ name: 'PLA 1 kg', price: 24.99 });
      expect(schema.safeParse({ name: 'PLA 1 kg', price: -1 }).success).toBe(false);
    } finally {
      globalThis.Function = original;
    }
    expect(calls).not.toHaveBeenCalled();
  });
});

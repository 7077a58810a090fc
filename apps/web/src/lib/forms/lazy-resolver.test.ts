import type { Resolver, ResolverOptions, ResolverResult } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver';

type Values = { name: string };
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Values>;

const nameRequired: Resolver<Values, unknown, Values> = async (values) => {
  if (values.name) {
    const success: ResolverResult<Values, Values> = { values, errors: {} };
    return success;
  }
  const failure: ResolverResult<Values, Values> = {
    values: {},
    errors: { name: { type: 'too_small', message: 'Please enter a name.' } },
  };
  return failure;
};

describe('lazyResolver', () => {
  it('loads the resolver at the first check, once, and answers as it does', async () => {
    const load = vi.fn(async () => nameRequired);
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();

    expect(await resolver({ name: '' }, undefined, options)).toEqual({
      values: {},
      errors: { name: { type: 'too_small', message: 'Please enter a name.' } },
    });
    expect(await resolver({ name: 'Rent' }, undefined, options)).toEqual({
      values: { name: 'Rent' },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again at the next check when the module failed to load', async () => {
    const load = vi
      .fn<() => Promise<Resolver<Values, unknown, Values>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(nameRequired);
    const resolver = lazyResolver(load);

    await expect(resolver({ name: 'Rent' }, undefined, options)).rejects.toThrow(/Failed to fetch/);
    expect(await resolver({ name: 'Rent' }, undefined, options)).toEqual({
      values: { name: 'Rent' },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form's resolver whose code (its schema, and zod with it) loads at the form's first check
 * rather than with its page: a page whose form waits below its first render (Settings' password
 * change) draws without evaluating the validation library, which made its longest start-up
 * task (docs/benchmarks.md, Lighthouse). A check is asynchronous anyway; the first one waits for
 * the module, which the page has fetched ahead after its first paint (build/page-preloads.ts,
 * PAGE_PREFETCHES). A module that failed to load (offline) is asked for again at the next check.
 */
export function lazyResolver<Input extends FieldValues, Output>(
  load: () => Promise<Resolver<Input, unknown, Output>>,
): Resolver<Input, unknown, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return (await loading)(values, context, options);
  };
}

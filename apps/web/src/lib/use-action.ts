import { useCallback, useState } from 'react';

type ActionState = { isPending: boolean; isError: boolean; error: unknown };
const IDLE: ActionState = { isPending: false, isError: false, error: null };

/**
 * A form's request and its state, in the shape of TanStack Query's useMutation (mutate with
 * onSuccess/onError, isPending, isError, error, reset), for the sign-in and sign-up forms: the
 * public pages are drawn without TanStack Query (lib/app-query-client.ts), which a mutation
 * needs.
 */
export function useAction<Input, Output>(run: (input: Input) => Promise<Output>) {
  const [state, setState] = useState<ActionState>(IDLE);
  const mutate = useCallback(
    (
      input: Input,
      callbacks: { onSuccess?: (output: Output) => void; onError?: (error: unknown) => void } = {},
    ) => {
      setState({ isPending: true, isError: false, error: null });
      run(input).then(
        (output) => {
          setState(IDLE);
          callbacks.onSuccess?.(output);
        },
        (error: unknown) => {
          setState({ isPending: false, isError: true, error });
          callbacks.onError?.(error);
        },
      );
    },
    [run],
  );
  const reset = useCallback(() => setState(IDLE), []);
  return { ...state, mutate, reset };
}

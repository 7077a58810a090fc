/**
 * Resolves in a task of its own. A first load awaits it between the steps that evaluate code (the
 * entry, i18next, the shell, the page): a module is evaluated in the task in which it is imported
 * once its code is in, and with the code preloaded, every step ran in one task of 120 ms on this
 * machine, 480 ms on Lighthouse's phone, in which the page answered no input (docs/benchmarks.md,
 * Lighthouse).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

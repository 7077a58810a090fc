/**
 * Prints a figure the security suite measures (cases run, timing medians) for docs/reliability.md.
 * Not console.log: the lint keeps console for warnings, and these lines are the point of a run.
 */
export function reportFigure(line: string): void {
  process.stdout.write(`[security] ${line}\n`);
}

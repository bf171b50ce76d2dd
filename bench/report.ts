/** Print one benchmark figure as a JSON line. */
export function report(bench: string, metric: string, value: number, unit: string): void {
  process.stdout.write(`${JSON.stringify({ bench, metric, value, unit })}\n`);
}

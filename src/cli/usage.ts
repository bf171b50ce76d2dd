/** A mistake in a command line: printed as one line, exit status 2, no stack trace. */
export class UsageError extends Error {}

/** An integer option within bounds, or a UsageError naming the option. */
export function intOption(name: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^-?\d+$/.test(text.trim()) || value < min || value > max) {
    throw new UsageError(`${name} must be a whole number from ${min} to ${max}, got "${text}"`);
  }
  return value;
}

export function choiceOption<T extends string>(name: string, text: string, choices: readonly T[]): T {
  const lower = text.toLowerCase();
  const found = choices.find((c) => c === lower);
  if (!found) throw new UsageError(`${name} must be one of ${choices.join(', ')}, got "${text}"`);
  return found;
}

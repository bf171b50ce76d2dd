/**
 * Console logging with a level from the URL (`debug=1`, `trace=1`, `log=level`), as the Sigmar's
 * Garden web version offers; shared by every page.
 */
const LEVELS = ['trace', 'debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LEVELS)[number];

function levelFromUrl(): LogLevel {
  const params = new URLSearchParams(window.location.search);
  const named = params.get('log');
  if (named && (LEVELS as readonly string[]).includes(named)) return named as LogLevel;
  if (params.get('trace') === '1') return 'trace';
  if (params.get('debug') === '1') return 'debug';
  return 'info';
}

let threshold = LEVELS.indexOf(levelFromUrl());

export const setLogLevel = (level: LogLevel): void => {
  threshold = LEVELS.indexOf(level);
};

const at =
  (level: LogLevel, write: (...args: unknown[]) => void) =>
  (...args: unknown[]): void => {
    if (LEVELS.indexOf(level) >= threshold) write(`[${level}]`, ...args);
  };

export const log = {
  trace: at('trace', console.debug),
  debug: at('debug', console.debug),
  info: at('info', console.info),
  warn: at('warn', console.warn),
  error: at('error', console.error),
};

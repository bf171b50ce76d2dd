/** The server's settings: command-line flags and the environment, with their defaults. */
export { configFromEnv, DEFAULT_PORT, DEFAULTS, type ServerConfig } from './settings.ts';

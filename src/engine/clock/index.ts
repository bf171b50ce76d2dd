/** Correspondence clocks: time controls and the arithmetic of banks, reminders and vacations. */
export * from './clock.ts';

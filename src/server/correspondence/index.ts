/** Correspondence clocks: a timed game's clocks read from the store, and the keeper that reminds and ends games on time. */
export { type ClockKeeper, clockOnWire, createClockKeeper, readGameClock, readGameClocks } from './clocks.ts';

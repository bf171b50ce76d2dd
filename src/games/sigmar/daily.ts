import { hashString } from '../../grid/index.ts';

/** The seed of the daily board for a date (YYYY-MM-DD): the same board for everyone that day. */
export const dailySeed = (date: string): number => hashString(`sigmar-daily-${date}`);

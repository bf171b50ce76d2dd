/** The part of the `glicko2` library (which ships no types) that ./index.ts uses. */
declare module 'glicko2' {
  export interface Glicko2Player {
    getRating(): number;
    getRd(): number;
    getVol(): number;
  }
  export class Glicko2 {
    constructor(settings: { tau: number; rating: number; rd: number; vol: number });
    makePlayer(rating: number, rd: number, vol: number): Glicko2Player;
    updateRatings(matches: readonly (readonly [Glicko2Player, Glicko2Player, number])[]): void;
  }
}

/**
 * Two real locks for the metagame's end-to-end tests (copies of locks/tutorial/05-hook.lock and
 * 07-balls.lock, kept here so the tests do not depend on the lock collection) and solutions of them.
 */
export const PULL = `intricacy lock size 4
      # # # # #
     # . . . . # # #
    # ~ ~ A ~ = = = #
   # . . . . . . # #
  # . . . . . . . #
 # # . . . . . . #
# H - . . . . . #
 # W # . . . . #
  # # # # # # #
spring -4,2 -> -1,2 natural 3
spring -1,2 -> 1,2 natural 2
`;
export const PULL_SOLUTION = 'hE hE hNE hNE hNE h+ hW';
export const BALLS = `intricacy lock size 4
      # # # # #
     # . . . . # # #
    # ~ ~ A ~ = = = #
   # . O O O B B # #
  # . . . . O . . #
 # # . . O . . . #
# H - . . . . . #
 # W # . . . . #
  # # # # # # #
spring -4,2 -> -1,2 natural 3
spring -1,2 -> 1,2 natural 2
`;
export const BALLS_SOLUTION = 'hE hE hE h+ hNE hNE hNE hW h+';

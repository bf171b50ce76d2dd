/** Takebacks both players agree to, and previews of moves not played: operations the authority lends its checks to. */
export * from './takeback.ts';

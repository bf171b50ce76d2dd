/**
 * The wire contract: HTTP bodies and answers, WebSocket frames and refusal codes, declared once
 * beside their TypeBox schemas. The server validates with these schemas; the web and terminal
 * clients import the types. Nothing here reaches for Node or the server, so a browser bundle may
 * import it.
 */

export * from './analysis.ts';
export * from './blocks.ts';
export * from './clock.ts';
export * from './daily.ts';
export * from './errors.ts';
export * from './frames.ts';
export * from './http.ts';
export * from './intricacy-account.ts';
export * from './lessons.ts';
export * from './limits.ts';
export * from './mail.ts';
export * from './profiles.ts';
export * from './result.ts';
export * from './seeks.ts';
export * from './terms.ts';
export * from './tournaments.ts';

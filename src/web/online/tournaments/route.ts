/** The tournament pages' paths: the list at /tournaments, one tournament at /tournaments/<id>. */
export const TOURNAMENTS_PATH = '/tournaments';

/** The tournament shown at a path, if it is one's page. */
export function tournamentAt(path: string): number | undefined {
  const id = /^\/tournaments\/(\d{1,9})\/?$/.exec(path)?.[1];
  return id === undefined ? undefined : Number(id);
}

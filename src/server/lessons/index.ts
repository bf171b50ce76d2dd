/** The lessons' part of the server: each account's lessons done. */
export { lessonRoutes } from './routes.ts';

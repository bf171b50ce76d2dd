/** The Intricacy metagame: the world replayed from the action log, and its routes and subscription. */
export { createIntricacy, type Intricacy } from './routes.ts';

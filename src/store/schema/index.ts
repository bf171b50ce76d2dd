/** The schema: numbered migrations, applied in order when the store opens. */
export { inDialect, MIGRATIONS, migrate, SCHEMA_VERSION } from './migrations.ts';

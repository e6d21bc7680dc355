/**
 * `npm run prepare-db -w e2e`: seeds the browser tests' database now (if today's inputs have none yet),
 * so `npm test` can do it while the web app builds instead of after. On PostgreSQL where
 * TEST_DATABASE_URL is set, as the browser tests will then use it.
 */
import { e2ePostgresUrl, preparedDatabase, preparedPostgresDatabase } from './prepared-database.ts';

const adminUrl = e2ePostgresUrl();
console.log(
  adminUrl
    ? `The browser tests' database is ready on PostgreSQL as ${await preparedPostgresDatabase(adminUrl)}.`
    : `The browser tests' database is ready in ${await preparedDatabase()}.`,
);

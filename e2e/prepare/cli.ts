/**
 * `npm run prepare-db -w e2e`: seeds the browser tests' database now (if today's inputs have none yet),
 * so `npm test` can do it while the web app builds instead of after.
 */
import { preparedDatabase } from './prepared-database.ts';

console.log(`The browser tests' database is ready in ${await preparedDatabase()}.`);

import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every table (and enum) file where its module keeps it, so db/ lists no module's tables.
  schema: ['./src/modules/**/*.table.ts', './src/modules/**/*.enums.ts', './src/db/*.table.ts'],
  out: './drizzle',
  casing: 'snake_case',
});

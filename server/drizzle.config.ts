import { defineConfig } from 'drizzle-kit';

/** `pnpm --filter @canteiro/server db:generate` writes a new SQL migration into drizzle/. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: './drizzle',
  strict: true,
});

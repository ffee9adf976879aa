import { defineConfig } from 'drizzle-kit';

// Only used to generate SQL migrations (`npm run migrations:new -w api`); they are applied by the app at start-up.
export default defineConfig({ dialect: 'postgresql', schema: './src/db/schema.ts', out: './drizzle' });

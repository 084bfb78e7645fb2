// Child process of bench/run.ts: the real app on a prepared database, listening on PORT.
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';

const config = {
  ...loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    COOKIE_SECRET: 'bench'.repeat(8),
    PUBLIC_URL: 'http://127.0.0.1',
    ADMIN_ACCESS_KEY: 'bench-admin-access-key',
    PAYMENT_PROVIDER: 'local',
    LOG_LEVEL: 'silent',
  }),
  backgroundJobs: false,
  rateLimits: false,
};
const app = await buildApp(config);
await app.listen({ host: '127.0.0.1', port: config.port });
process.send?.('ready');
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));

import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { printDemoAccounts, seedDemoData } from './db/seed.ts';
import { exposedServerWarning } from './modules/dev-mailbox/loopback.ts';

// The process entry: validate configuration, build the app, seed demo data if wanted, listen.
try {
  const config = loadConfig();
  const app = await buildApp(config);
  if (config.seedDemoData) await seedDemoData(app);
  await app.listen({ host: config.host, port: config.port });
  const warning = exposedServerWarning(config.env, config.host);
  if (warning) app.log.warn(warning);
  if (config.seedDemoData) printDemoAccounts(config);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal} received, closing`);
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

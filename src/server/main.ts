import { buildApp } from './app.ts';
import { ConfigError, configWarnings, loadConfig } from './config.ts';
import { printDemoAccounts, seedDemoData } from './db/seed.ts';
import { exposedServerWarning } from './modules/dev-mailbox/loopback.ts';
import { productionBuildProblem } from './modules/site/build-manifest.ts';

// The process entry: validate configuration, build the app, seed demo data if wanted, listen.
try {
  const config = loadConfig();
  const missingBuild = config.env === 'production' ? productionBuildProblem() : undefined;
  if (missingBuild) {
    console.error(missingBuild);
    process.exit(1);
  }
  const app = await buildApp(config);
  if (config.seedDemoData) await seedDemoData(app);
  await app.listen({ host: config.host, port: config.port });
  const warning = exposedServerWarning(config.env, config.host);
  if (warning) app.log.warn(warning);
  for (const configWarning of configWarnings(config)) app.log.warn(configWarning);
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

import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { type AppConfig, ConfigError, configWarnings, loadConfig } from './config.ts';
import { exposedServerWarning } from './modules/dev-mailbox/loopback.ts';
import { productionBuildProblem } from './modules/site/build-manifest.ts';
import { runPrimary } from './process/cluster-primary.ts';
import { closeOnSignals } from './process/shutdown.ts';
import { printDemoAccounts, seedDemoData } from './seed/demo-data.ts';

// The process entry: validate configuration, then serve: as the one process, as one worker of
// several (WEB_CONCURRENCY on PostgreSQL), or as their primary, which prepares the database once
// and keeps the workers running.
try {
  const config = loadConfig();
  const missingBuild = config.env === 'production' ? productionBuildProblem() : undefined;
  if (missingBuild) {
    console.error(missingBuild);
    process.exit(1);
  }
  const several = config.webConcurrency > 1 && config.databaseUrl !== undefined;
  if (several && cluster.isPrimary) await runPrimary(config);
  else await serve(config, cluster.isWorker);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

/** Builds the app and listens; a worker leaves the demo data and its printout to the primary. */
async function serve(config: AppConfig, worker: boolean): Promise<void> {
  const app = await buildApp(config);
  closeOnSignals(app, config.shutdownTimeoutMs);
  if (config.webConcurrency > 1 && !config.databaseUrl)
    app.log.warn(
      `WEB_CONCURRENCY=${config.webConcurrency} ignored: the embedded PGlite database belongs to one process, so one process serves. Set DATABASE_URL (PostgreSQL) to run several.`,
    );
  if (!worker && config.seedDemoData) await seedDemoData(app);
  await app.listen({ host: config.host, port: config.port });
  const warning = exposedServerWarning(config.env, config.host);
  if (warning) app.log.warn(warning);
  if (!worker) for (const configWarning of configWarnings(config)) app.log.warn(configWarning);
  if (!worker && config.seedDemoData) printDemoAccounts(config);
}

// npm scripts must run on the Node pinned through the `node` devDependency. If this fails, the
// install skipped the `node` package's install script (e.g. `npm ci --ignore-scripts`).
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Lipputori needs Node 24 or newer, but npm scripts run on Node ${process.versions.node}.\n` +
      'Run `npm ci` (without --ignore-scripts) so the pinned Node from the `node` devDependency is installed.',
  );
  process.exit(1);
}

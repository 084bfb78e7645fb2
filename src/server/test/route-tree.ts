import type { FastifyInstance } from 'fastify';

/**
 * Every route under /api as Fastify's own route tree lists it (HEAD twins left out): what the
 * hostile-input property attacks and what the OpenAPI document must describe.
 */
export function apiRoutesInTree(app: FastifyInstance): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[└├]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    // A node is the rest of its parent's path: 'api/…' under '/', '/payout' or '.csv' under '/api/admin/sales'.
    const path = `${parents[depth - 1] ?? ''}${match[2] ?? ''}`.replace(/\/{2,}/g, '/');
    parents[depth] = path;
    parents.length = depth + 1;
    if (!path.startsWith('/api/')) continue;
    for (const method of (match[3] ?? '').split(', '))
      if (method && method !== 'HEAD') routes.push({ method, url: path });
  }
  return routes;
}

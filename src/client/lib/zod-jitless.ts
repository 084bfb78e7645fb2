// The browser's `zod` (vite.config.ts points the bare specifier here): the same library with its
// just-in-time compiled parsers off. Their first use probes `new Function('')`, which the site's
// CSP forbids: the probe fails quietly, but the browser reports a CSP violation on every page that
// parses (Lighthouse's best practices count it). Parsing a form or an answer needs no JIT.
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z };

import { describe, expect, it } from 'vitest';
import { checkImports } from './check-imports.ts';

const check = (path: string, text: string) => checkImports([{ path, text }]);

describe('import boundaries', () => {
  it('keeps src/shared to itself, zod, and its test libraries', () => {
    expect(
      check('src/shared/browsing/x.ts', "import { z } from 'zod';\nimport { a } from '../money.ts';"),
    ).toEqual([]);
    expect(
      check('src/shared/x.test.ts', "import { it } from 'vitest';\nimport fc from 'fast-check';"),
    ).toEqual([]);
    expect(check('src/shared/browsing/x.ts', "import { db } from '../../server/db/client.ts';")).toEqual([
      "src/shared/browsing/x.ts:1: '../../server/db/client.ts': src/shared imports only src/shared",
    ]);
    expect(check('src/shared/x.ts', "\nimport type { T } from '#client/lib/api-client.ts';")).toHaveLength(1);
    expect(check('src/shared/x.ts', "import { createHash } from 'node:crypto';")).toEqual([
      "src/shared/x.ts:1: 'node:crypto': src/shared runs in the browser: no Node built-ins",
    ]);
    expect(check('src/shared/x.ts', "import { drizzle } from 'drizzle-orm/pglite';")).toHaveLength(1);
    expect(check('src/shared/x.ts', "import { it } from 'vitest';")).toHaveLength(1);
  });

  it('keeps client features apart, by relative path, alias, re-export or dynamic import', () => {
    const from = 'src/client/features/newsletter/components/form.tsx';
    expect(check(from, "import { a } from '../api/subscribe.ts';")).toEqual([]);
    expect(check(from, "import { a } from '#client/features/newsletter/keys.ts';")).toEqual([]);
    expect(check(from, "import { a } from '#client/components/form/form-fields.tsx';")).toEqual([]);
    expect(check(from, "import { a } from '../../consent/consent-store.ts';")).toEqual([
      `${from}:1: '../../consent/consent-store.ts': feature newsletter imports feature consent: move what both need to src/client/components or src/client/lib, or combine them in src/client/app`,
    ]);
    expect(check(from, "import type { A } from '#client/features/accounts/auth-store.ts';")).toHaveLength(1);
    expect(check(from, "export { a } from '#client/features/accounts/auth-store.ts';")).toHaveLength(1);
    expect(check(from, "const m = () => import('../../browsing/list.tsx');")).toHaveLength(1);
  });

  it('lets src/client/app combine features, but not components/ or lib/', () => {
    expect(
      check('src/client/app/pages/home.tsx', "import { a } from '../../features/browsing/list.tsx';"),
    ).toEqual([]);
    expect(
      check('src/client/lib/query-client.ts', "import { a } from '../features/accounts/auth-store.ts';"),
    ).toEqual([
      "src/client/lib/query-client.ts:1: '../features/accounts/auth-store.ts': src/client/components and src/client/lib import no feature (a feature hands lib a callback at start instead)",
    ]);
    expect(
      check('src/client/components/x.tsx', "import { a } from '#client/features/info/x.ts';"),
    ).toHaveLength(1);
  });

  it('lets src/server see src/client only through import type', () => {
    const from = 'src/server/modules/site/page-renderer.ts';
    expect(check(from, "import type * as prerender from '#client/prerender.tsx';")).toEqual([]);
    expect(check(from, "import type { Page } from '../../../client/prerender.tsx';")).toEqual([]);
    expect(check(from, "import { render } from '#client/prerender.tsx';")).toEqual([
      `${from}:1: '#client/prerender.tsx': src/server imports src/client only with \`import type\``,
    ]);
    // Inline `type` markers still load the module under verbatimModuleSyntax.
    expect(check(from, "import { type Page } from '#client/prerender.tsx';")).toHaveLength(1);
  });

  it('keeps the floors beneath the server modules from importing a module, even a type', () => {
    const plugin = 'src/server/plugins/auth.ts';
    expect(check(plugin, "import { AppError } from '../app-error.ts';")).toEqual([]);
    expect(check(plugin, "import type { Db } from '#server/db/client.ts';")).toEqual([]);
    expect(check(plugin, "import { isAdmin } from '../modules/accounts/accounts.service.ts';")).toEqual([
      `${plugin}:1: '../modules/accounts/accounts.service.ts': src/server/plugins imports no module: let app.ts hand it what it needs (a port, a name)`,
    ]);
    expect(
      check('src/server/http/route-schemas.ts', "import type { X } from '#server/modules/admin/x.ts';"),
    ).toHaveLength(1);
    expect(
      check('src/server/platform/mail/outbox.ts', "import { a } from '../../modules/contact/x.ts';"),
    ).toHaveLength(1);
    expect(
      check('src/server/db/seed.ts', "import { a } from '../modules/listings/ticket-file-name.ts';"),
    ).toHaveLength(1);
    // Its tests build the whole app, and modules import the floors beneath them.
    expect(check('src/server/plugins/auth.test.ts', "import { a } from '../modules/admin/x.ts';")).toEqual(
      [],
    );
    expect(check('src/server/modules/admin/x.ts', "import { a } from '../../plugins/auth.ts';")).toEqual([]);
  });

  it('never lets src/client import src/server', () => {
    expect(check('src/client/main.tsx', "import type { Config } from '#server/config.ts';")).toEqual([
      "src/client/main.tsx:1: '#server/config.ts': src/client never imports src/server",
    ]);
    expect(
      check('src/client/features/info/x.ts', "import { a } from '../../../server/app.ts';"),
    ).toHaveLength(1);
  });
});

import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';

/**
 * A real OpenID Connect / OAuth 2 server on loopback standing in for Google and Facebook in tests.
 * The `login_hint` the app passes on decides who signs in: the hint is the e-mail, and the name
 * comes from its local part ('teemu.testaaja@x.fi' → 'Teemu Testaaja'). Special hints:
 * 'cancel@…' → the user cancels (error=access_denied); 'noemail@…' → no e-mail is released.
 */
export interface OidcMock {
  url: string;
  stop(): Promise<void>;
}

export const defaultSocialEmail = 'sosiaalinen.kayttaja@example.fi';

export function identityFromHint(hint: string): { sub: string; email?: string; name: string } {
  const local = hint.split('@')[0] ?? '';
  const name = local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
  const sub = `user-${createHash('sha256').update(hint).digest('hex').slice(0, 16)}`;
  return hint.startsWith('noemail@') ? { sub, name } : { sub, email: hint, name };
}

export async function startOidcMock(port = 0): Promise<OidcMock> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  const hintsByCode = new Map<string, string>();

  server.service.on(
    'beforeAuthorizeRedirect',
    (redirect: { url: URL }, req: IncomingMessage & { query: Record<string, unknown> }) => {
      const hint = typeof req.query.login_hint === 'string' ? req.query.login_hint : defaultSocialEmail;
      const code = redirect.url.searchParams.get('code');
      if (hint.startsWith('cancel@')) {
        redirect.url.searchParams.delete('code');
        redirect.url.searchParams.set('error', 'access_denied');
      } else if (code) {
        hintsByCode.set(code, hint);
      }
    },
  );

  server.service.on(
    'beforeTokenSigning',
    (
      token: { payload: Record<string, unknown> },
      req: IncomingMessage & { body?: Record<string, unknown> },
    ) => {
      const code = typeof req.body?.code === 'string' ? req.body.code : undefined;
      const hint = code ? hintsByCode.get(code) : undefined;
      if (!hint) return;
      const identity = identityFromHint(hint);
      Object.assign(token.payload, { sub: identity.sub, name: identity.name });
      if (identity.email) Object.assign(token.payload, { email: identity.email, email_verified: true });
    },
  );

  // Facebook-style user info, read back from the access token the mock itself issued.
  server.service.on('beforeUserinfo', (response: { body: Record<string, unknown> }, req: IncomingMessage) => {
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const payloadPart = token.split('.')[1];
    if (!payloadPart) return;
    const claims = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    response.body = { id: claims.sub, name: claims.name, ...(claims.email ? { email: claims.email } : {}) };
  });

  await server.start(port, '127.0.0.1');
  return { url: server.issuer.url ?? `http://127.0.0.1:${port}`, stop: () => server.stop() };
}

/** The app configuration that points both social providers at the mock. */
export function socialConfigFor(mockUrl: string) {
  return {
    google: { clientId: 'lipputori-google', clientSecret: 'google-secret', issuer: mockUrl },
    facebook: {
      clientId: 'lipputori-facebook',
      clientSecret: 'facebook-secret',
      authorizationUrl: `${mockUrl}/authorize`,
      tokenUrl: `${mockUrl}/token`,
      userinfoUrl: `${mockUrl}/userinfo`,
    },
  };
}

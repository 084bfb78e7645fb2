import { randomUUID } from 'node:crypto';
import { testTicketPdf } from '../src/server/test/listing-fixtures.ts';
import { multipartBody } from '../src/server/test/multipart.ts';
import { sellFormInput } from '../src/server/test/sell-form-input.ts';
import { testCards } from '../src/shared/purchases/purchase.schema.ts';

// What a browser does against the site, over real HTTP: one person's cookies, any process.

export const password = 'Skaala2026!x';

export class Visitor {
  private readonly cookies = new Map<string, string>();

  readonly email: string;

  constructor(email: string) {
    this.email = email;
  }

  /** Someone whose session was made straight in the database (the crowds of buyers). */
  static signedIn(email: string, sessionToken: string): Visitor {
    const visitor = new Visitor(email);
    visitor.cookies.set('lt_session', sessionToken);
    return visitor;
  }

  get cookie(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** One request to `base`; keeps the cookies the answer sets. */
  async send(base: string, method: string, url: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { cookie: this.cookie };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return this.remember(await fetch(`${base}${url}`, { method, headers, body: payload }));
  }

  async upload(base: string, url: string, body: { payload: Buffer; headers: Record<string, string> }) {
    return this.remember(
      await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { ...body.headers, cookie: this.cookie },
        body: new Blob([new Uint8Array(body.payload)]),
      }),
    );
  }

  private remember(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', ...value] = pair.split('=');
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value.join('='));
    }
    return response;
  }
}

/** Registers a new person through `base`; answers the signed-in visitor. */
export async function register(base: string, username: string): Promise<Visitor> {
  const visitor = new Visitor(`${username}@example.fi`);
  const response = await visitor.send(base, 'POST', '/api/auth/register', {
    email: visitor.email,
    password,
    password2: password,
    username,
    firstName: 'Skaala',
    lastName: 'Testaaja',
    isAdult: true,
  });
  if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`);
  return visitor;
}

/** Lists one ticket (a fresh QR code) through `base`; answers its id. */
export async function listTicket(base: string, seller: Visitor): Promise<string> {
  const form = sellFormInput({ eventName: `Skaalakonsertti ${randomUUID().slice(0, 8)}` });
  const body = multipartBody([
    { name: 'listing', value: JSON.stringify(form) },
    { name: 'files', filename: 'lippu.pdf', contentType: 'application/pdf', data: await testTicketPdf() },
  ]);
  const response = await seller.upload(base, '/api/listings', body);
  if (response.status !== 201) throw new Error(`list: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { listing: { id: string } }).listing.id;
}

/** The ids on the first page of the public list of one process. */
export async function listedIds(base: string): Promise<string[]> {
  const response = await fetch(`${base}/api/tickets?pageSize=48`);
  if (response.status !== 200) throw new Error(`list: ${response.status}`);
  return ((await response.json()) as { items: { id: string }[] }).items.map((item) => item.id);
}

/** Holds the ticket for `buyer` through `base`: the answer as it came. */
export async function hold(base: string, buyer: Visitor, ticketId: string, priceCents: number) {
  return buyer.send(base, 'POST', `/api/purchases/${ticketId}/reservation`, { priceCents });
}

/** Pays a held ticket with the local provider's card that succeeds. */
export function payWithCard(base: string, buyer: Visitor, clientSecret: string) {
  return buyer.send(base, 'POST', '/api/payments/local/confirm', {
    clientSecret,
    cardNumber: testCards.succeeds,
    expiry: '12/34',
    cvc: '123',
    name: 'Skaala Ostaja',
    email: buyer.email,
  });
}

/** Polls `check` every 25 ms until it answers true; answers the milliseconds it took. */
export async function timeUntil(check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 25));
  return performance.now() - started;
}

/**
 * A local stand-in for the few Stripe API endpoints the site calls (Checkout Sessions create,
 * retrieve and expire, Refunds create), so the real `stripe` package runs end to end in tests: it is pointed here
 * with its documented host/port/protocol settings. Idempotency keys replay the first answer, as
 * Stripe does. Webhooks are signed with the SDK's own test header (the real signing scheme).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { PaymentSettings } from '../src/config.js';

export interface RecordedCall {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | null;
  authorization: string | null;
}

export interface FakeStripe {
  url: string;
  calls: RecordedCall[];
  sessions: Map<string, Record<string, unknown>>;
  /** Refunds created, oldest first (Stripe's refund objects as answered). */
  refunds: Array<Record<string, unknown>>;
  /** The next `count` calls answer a Stripe API error (500). */
  failNext(count?: number): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const calls: RecordedCall[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  const refunds: Array<Record<string, unknown>> = [];
  const replies = new Map<string, { status: number; body: unknown }>();
  let failures = 0;
  let counter = 0;

  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- the fake answers inside; node ignores the handler's promise
  const server: Server = createServer(async (request, response) => {
    const raw = await readBody(request);
    const params = Object.fromEntries(new URLSearchParams(raw));
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    const path = (request.url ?? '').split('?')[0] ?? '';
    calls.push({ method: request.method ?? '', path, params, idempotencyKey, authorization: request.headers.authorization ?? null });
    const send = (status: number, body: unknown) => {
      if (idempotencyKey && request.method === 'POST') replies.set(`${path}|${idempotencyKey}`, { status, body });
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${counter}` });
      response.end(JSON.stringify(body));
    };
    const replay = idempotencyKey ? replies.get(`${path}|${idempotencyKey}`) : undefined;
    if (replay) {
      response.writeHead(replay.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
      response.end(JSON.stringify(replay.body));
      return;
    }
    if (failures > 0) {
      failures -= 1;
      response.writeHead(500, { 'content-type': 'application/json', 'stripe-should-retry': 'false' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: 'fake failure' } }));
      return;
    }
    counter += 1;
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${counter}`;
      const session = {
        id,
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(params['line_items[0][price_data][unit_amount]']),
        currency: params['line_items[0][price_data][currency]'],
        metadata: {
          reservationId: params['metadata[reservationId]'],
          ...(params['metadata[objet]'] ? { objet: params['metadata[objet]'] } : {}),
        },
        client_reference_id: params['client_reference_id'],
        expires_at: Number(params['expires_at']),
        success_url: params['success_url'],
        cancel_url: params['cancel_url'],
        payment_intent: null,
        url: `https://checkout.stripe.com/c/pay/${id}`,
      };
      sessions.set(id, session);
      return send(200, session);
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && retrieve) {
      const session = sessions.get(retrieve[1]!);
      return session ? send(200, session) : send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (request.method === 'POST' && expire) {
      const session = sessions.get(expire[1]!);
      if (!session) return send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
      if (session['status'] !== 'open') return send(400, { error: { type: 'invalid_request_error', message: 'Session is not open' } });
      session['status'] = 'expired';
      return send(200, session);
    }
    if (request.method === 'POST' && path === '/v1/refunds') {
      const metadata = Object.fromEntries(
        Object.entries(params).flatMap(([key, value]) =>
          /^metadata\[(.+)\]$/.exec(key) ? [[/^metadata\[(.+)\]$/.exec(key)![1]!, value]] : [],
        ),
      );
      // Card refunds are usually 'succeeded' at once, others 'pending': either way the webhook confirms them.
      const refund = {
        id: `re_test_${counter}`,
        object: 'refund',
        amount: params['amount'] === undefined ? null : Number(params['amount']),
        payment_intent: params['payment_intent'],
        status: 'pending',
        currency: 'eur',
        metadata,
      };
      refunds.push(refund);
      return send(200, refund);
    }
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${path})` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    sessions,
    refunds,
    failNext(count = 1) {
      failures = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const signer = new Stripe('sk_test_signer');

/** Stripe's checkout.session.completed for a session paid in euros; `session` adds its id, amount, intent and metadata. */
export function checkoutCompleted(secret: string, eventId: string, session: Record<string, unknown>): { body: string; signature: string } {
  return signedEvent(secret, {
    id: eventId,
    type: 'checkout.session.completed',
    object: { object: 'checkout.session', payment_status: 'paid', currency: 'eur', ...session },
  });
}

/** A webhook event body and its `Stripe-Signature` header, signed like Stripe signs them. */
export function signedEvent(
  secret: string,
  event: { id: string; type: string; object: Record<string, unknown> },
  signatureSecret = secret,
): { body: string; signature: string } {
  const body = JSON.stringify({
    id: event.id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type: event.type,
    data: { object: event.object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });
  return { body, signature: signer.webhooks.generateTestHeaderString({ payload: body, secret: signatureSecret }) };
}

/** Payment settings of a test server paying through this fake (card only by default), a real-looking transfer account, the balance 7 days before. */
export function stripePaymentSettings(
  fake: FakeStripe,
  webhookSecret: string,
  methods: Array<'card' | 'paypal' | 'applepay'> = ['card'],
): PaymentSettings {
  return {
    stripe: {
      secretKey: 'sk_test_fake',
      webhookSecret,
      methods,
      holdMinutes: 30,
      apiUrl: fake.url,
      checkoutOrigin: 'https://checkout.stripe.com',
    },
    virement: { titulaire: 'SCI Séjours', iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPPXXX', exemple: false, delaiHeures: 72 },
    soldeJours: 7,
  };
}

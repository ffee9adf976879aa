/**
 * Zero 500s on bad input: the corpus (test/corpus/bad-input.ts) crossed with every operation of the
 * OpenAPI document, as a visitor, a client and an admin. Every answer must be below 500, and every
 * JSON error must carry a French `{ message }`.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { APARTMENT_FIELDS, FIELD_VALUES, PAGE_PATHS, PATH_VALUES, QUERIES, QUERY_VALUES, RAW_BODIES } from './corpus/bad-input.js';
import { fakeBuild, startServer, type TestServer } from './helpers.js';

interface Operation {
  method: string;
  path: string;
  fields: Record<string, unknown>;
  /** The query parameters the document declares, each probed with every value of QUERY_VALUES. */
  queryNames: string[];
}

interface Probe {
  method: string;
  url: string;
  caller: 'visitor' | 'client' | 'admin';
  contentType?: string;
  body?: string;
}

/** A plausible value for a field, so that the other fields of a mutated body are valid. */
function sample(name: string, schema: { type?: unknown }): unknown {
  const inAMonth = addDaysIso(todayIn('Europe/Paris'), 30);
  const known: Record<string, unknown> = {
    email: 'camille.martin@exemple.fr',
    password: 'Client-Metz-2026',
    startDate: inAMonth,
    endDate: addDaysIso(inAMonth, 2),
    guestsCount: 1,
    appartementId: 1,
    reservationId: 1,
    receiverId: 1,
    messageIds: [1],
    note: 4,
    commentaire: 'Bien',
    contenu: 'Bonjour',
    status: 'annulée',
    nom: 'Corpus',
    name: 'Corpus',
    // Issue 31: a valid IBAN (ISO 13616 check digits), its holder, a refund's day and bank reference, a reason.
    iban: 'FR7630006000011234567890189',
    titulaire: 'Camille Martin',
    date: todayIn('Europe/Paris'),
    reference: 'VIR-2026-001',
    raison: 'Paiement sur place convenu',
  };
  if (name in known) return known[name];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  return type === 'integer' || type === 'number'
    ? 1
    : type === 'boolean'
      ? false
      : type === 'array'
        ? []
        : type === 'object'
          ? {}
          : 'texte';
}

/** A French sentence, not a framework's English. */
function looksFrench(message: unknown): boolean {
  if (typeof message !== 'string' || message.length < 5) return false;
  return !/string,null|querystring\/|body\/|params\/|\b(the|is|must|should|not|found|invalid|error|request|required|unsupported|unauthorized|forbidden|exceeded|expected)\b/i.test(
    message,
  );
}

describe('bad-input corpus: no 5xx, French messages', () => {
  let server: TestServer;
  let root: string;
  const tokens = { visitor: '', client: '', admin: '' };

  before(async () => {
    root = fakeBuild();
    // Generous limits: the corpus is about bad input, not about the rate limits (tested elsewhere).
    // Google's keys are outside our system: an empty key set, so every credential is checked and refused.
    const googleKeys = (async () =>
      new Response(JSON.stringify({ keys: [] }), { headers: { 'content-type': 'application/json' } })) as typeof fetch;
    server = await startServer(
      {
        staticRoot: root,
        googleClientId: 'corpus.apps.googleusercontent.com',
        loginLimits: { perIp: 100000, perEmail: 100000, perAccount: 100000, windowSeconds: 60, accountBackoffSeconds: 60 },
        registerLimits: { perIp: 100000, windowSeconds: 60 },
        messageLimits: { max: 100000, windowSeconds: 1 },
      },
      { serveSite: true, fetchImpl: googleKeys },
    );
    tokens.client = await server.login('camille.martin@exemple.fr', 'Client-Metz-2026');
    tokens.admin = await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
  });
  after(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  async function operations(): Promise<Operation[]> {
    const doc = (await server.request('GET', '/api/docs/json')).body as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: Array<{ in?: string; name?: string }>;
            requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { type?: unknown }> } }> };
          }
        >
      >;
    };
    const list: Operation[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const properties = op.requestBody?.content?.['application/json']?.schema?.properties ?? {};
        const fields = Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, sample(name, schema)]));
        const isApartmentForm =
          (path === '/api/appartements' && method === 'post') || (path === '/api/appartements/{id}' && method === 'put');
        const queryNames = (op.parameters ?? []).filter((p) => p.in === 'query' && p.name).map((p) => p.name!);
        list.push({ method: method.toUpperCase(), path, fields: isApartmentForm ? { ...APARTMENT_FIELDS } : fields, queryNames });
      }
    }
    return list;
  }

  function probesFor(op: Operation): Probe[] {
    const probes: Probe[] = [];
    const pathWith = (value: string) => op.path.replace(/\{[^}]+\}/g, value);
    const callers: Array<Probe['caller']> = op.path === '/api/auth/logout' ? ['visitor'] : ['visitor', 'client', 'admin'];
    const hasParams = op.path.includes('{');
    const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
    for (const caller of callers) {
      if (hasParams)
        for (const value of PATH_VALUES)
          probes.push({
            method: op.method,
            url: pathWith(value),
            caller,
            ...(hasBody ? { contentType: 'application/json', body: JSON.stringify(op.fields) } : {}),
          });
      const url = pathWith('1');
      if (op.method === 'GET') for (const query of QUERIES) probes.push({ method: op.method, url: url + query, caller });
      // Each declared parameter alone, then repeated and as an array: the visitor and the admin
      // reach different code (public page, admin filters).
      if (op.method === 'GET' && caller !== 'client')
        for (const name of op.queryNames) {
          for (const value of QUERY_VALUES) probes.push({ method: op.method, url: `${url}?${name}=${value}`, caller });
          probes.push({ method: op.method, url: `${url}?${name}=1&${name}=2`, caller });
          probes.push({ method: op.method, url: `${url}?${name}[]=1`, caller });
        }
      if (!hasBody) continue;
      for (const [contentType, body] of RAW_BODIES) probes.push({ method: op.method, url, caller, contentType, body });
      // Admins go deepest; visitors and clients get a sample of the field values.
      const values = caller === 'admin' ? FIELD_VALUES : FIELD_VALUES.filter((_, i) => i % (caller === 'client' ? 3 : 5) === 0);
      for (const field of Object.keys(op.fields)) {
        for (const value of values)
          probes.push({
            method: op.method,
            url,
            caller,
            contentType: 'application/json',
            body: JSON.stringify({ ...op.fields, [field]: value }),
          });
      }
    }
    return probes;
  }

  it('answers every request of the corpus below 500, with a French message for every JSON error', async () => {
    const started = Date.now();
    const probes = (await operations()).flatMap(probesFor);
    for (const path of PAGE_PATHS) for (const caller of ['visitor', 'admin'] as const) probes.push({ method: 'GET', url: path, caller });
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const probe of probes) {
      const headers: Record<string, string> = {};
      if (probe.caller !== 'visitor') headers.authorization = `Bearer ${tokens[probe.caller]}`;
      if (probe.contentType) headers['content-type'] = probe.contentType;
      const res = await fetch(`${server.url}${probe.url}`, {
        method: probe.method,
        headers,
        ...(probe.body !== undefined ? { body: probe.body } : {}),
      });
      const text = await res.text();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const where = `${probe.caller} ${probe.method} ${probe.url.slice(0, 80)} ${probe.contentType ?? ''} ${(probe.body ?? '').slice(0, 80)}`;
      if (res.status >= 500) failures.push(`${res.status} ${where} → ${text.slice(0, 120)}`);
      else if (res.status >= 400 && (res.headers.get('content-type') ?? '').includes('json')) {
        const message = (JSON.parse(text) as { message?: unknown }).message;
        if (!looksFrench(message)) failures.push(`${res.status} not French: ${where} → ${text.slice(0, 120)}`);
      }
      // A session ended by the corpus (e.g. an admin deleting... anything) would hide deeper paths: sign in again.
      if (res.status === 401 && probe.caller !== 'visitor') {
        tokens[probe.caller] =
          probe.caller === 'admin'
            ? await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026')
            : await server.login('camille.martin@exemple.fr', 'Client-Metz-2026');
      }
    }
    const fiveHundreds = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
    console.log(
      `corpus: ${probes.length} requêtes, ${fiveHundreds} réponses 5xx, ${Math.round((Date.now() - started) / 1000)} s, statuts ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
    );
    assert.ok(probes.length >= 3000, `the corpus has ${probes.length} requests`);
    assert.deepEqual(failures.slice(0, 40), [], `${failures.length} failures`);
  });
});

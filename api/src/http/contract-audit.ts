/**
 * Checks each answer against the route's own OpenAPI declaration (issue 33, item 6). The API tests
 * turn it on (test/helpers.ts), so the whole suite proves the document tells the truth: a status a
 * route answers but does not declare, a route guarded by requireUser/requireAdmin but declared
 * public, or declared protected but answering without a guard, is reported with the request that
 * showed it. Off in production: it only reads what the route declared.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

export type ContractViolation = string;

function declaredStatuses(response: unknown): string[] {
  return response && typeof response === 'object' ? Object.keys(response).map((code) => code.toUpperCase()) : [];
}

function answers(declared: string[], status: number): boolean {
  const code = String(status);
  return declared.includes(code) || declared.includes(`${code[0]}XX`) || declared.includes('DEFAULT');
}

export function violationsOf(request: FastifyRequest, status: number): ContractViolation[] {
  const { url, method, schema } = request.routeOptions;
  // Unknown paths (404 of the router) and the routes left out of the document.
  if (!url || schema?.hide) return [];
  if (!url.startsWith('/api/') && !url.startsWith('/ical/')) return [];
  if (url.startsWith('/api/docs')) return [];
  const where = `${String(method)} ${url} (${request.method} ${request.url} → ${status})`;
  const security = (schema as { security?: unknown[] } | undefined)?.security;
  const problems: ContractViolation[] = [];
  if (!answers(declaredStatuses(schema?.response), status)) problems.push(`${where} : statut non déclaré`);
  if (!Array.isArray(security)) problems.push(`${where} : security non déclarée`);
  // `{}` among the requirements: the session is optional (an admin sees more), no guard to compare.
  else if (security.some((requirement) => requirement && Object.keys(requirement).length === 0)) return problems;
  else if (security.length === 0 && request.guarded) problems.push(`${where} : route gardée déclarée publique`);
  else if (security.length > 0 && !request.guarded && status < 400) problems.push(`${where} : déclarée protégée, répond sans garde`);
  return problems;
}

export function installContractAudit(app: FastifyInstance, report: (violation: ContractViolation) => void): void {
  app.addHook('onResponse', async (request, reply) => {
    for (const violation of violationsOf(request, reply.statusCode)) report(violation);
  });
}

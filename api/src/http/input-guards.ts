/**
 * Input no route has to think about: a NUL character (PostgreSQL text cannot hold it) anywhere in
 * a body, a query or a path, and integers outside PostgreSQL's `integer` range (every integer of
 * every request schema gets those bounds unless it has tighter ones). Both answer a French 400.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest, fieldLabel } from './errors.js';

export const PG_INT_MAX = 2147483647;
export const PG_INT_MIN = -2147483648;
export const FORBIDDEN_CHARACTER_IN_URL = "L'adresse demandée contient un caractère interdit.";

type Schema = Record<string, unknown>;

function isIntegerSchema(schema: Schema): boolean {
  const type = schema.type;
  return type === 'integer' || (Array.isArray(type) && type.includes('integer'));
}

/** Adds the `integer` column bounds to every integer of a request schema (in place, idempotent). */
export function boundIntegers(schema: unknown): void {
  if (!schema || typeof schema !== 'object') return;
  if (Array.isArray(schema)) {
    for (const item of schema) boundIntegers(item);
    return;
  }
  const s = schema as Schema;
  if (isIntegerSchema(s)) {
    if (s.maximum === undefined && s.exclusiveMaximum === undefined) s.maximum = PG_INT_MAX;
    if (s.minimum === undefined && s.exclusiveMinimum === undefined) s.minimum = PG_INT_MIN;
  }
  for (const key of ['properties', 'patternProperties', 'definitions', '$defs']) {
    const children = s[key];
    if (children && typeof children === 'object') for (const child of Object.values(children)) boundIntegers(child);
  }
  for (const key of ['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf', 'not', 'if', 'then', 'else']) boundIntegers(s[key]);
}

/** The path of the first string (value or key) holding a NUL character, or null. */
export function nulPath(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  // A raw body kept as bytes (the Stripe webhook, whose signature covers those exact bytes).
  if (Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = nulPath(value[i], [...path, String(i)], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '')];
    const found = nulPath(child, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

export function nulMessage(path: readonly string[]): string {
  const name = [...path].reverse().find((segment) => !/^\d+$/.test(segment));
  return name ? `Le champ « ${fieldLabel(name)} » contient un caractère interdit.` : 'La requête contient un caractère interdit.';
}

/** Must run before any route is registered (the integer bounds are added as routes are declared). */
export function installInputGuards(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Schema | undefined;
    if (!schema) return;
    for (const part of ['body', 'querystring', 'params', 'headers']) boundIntegers(schema[part]);
  });
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const found = nulPath(part);
      if (found) throw badRequest(nulMessage(found));
    }
  });
}

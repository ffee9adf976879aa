import { isHttpError } from 'shared-kernel';

/** The stable `code` some answers carry next to their message (409 SMOOBU_ID_TAKEN, SLUG_TAKEN). */
export function errorCode(error: unknown): string | undefined {
  if (!isHttpError(error)) return undefined;
  const data: unknown = error.response?.data;
  if (typeof data !== 'object' || data === null) return undefined;
  const code = (data as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** A route parameter that can be a database id. */
export function parseId(value: string | undefined): number | null {
  return value !== undefined && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;
}

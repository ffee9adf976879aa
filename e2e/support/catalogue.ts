/**
 * Every published apartment, page after page: GET /api/appartements answers one page (issue 32), and
 * a test that compares a screen with the whole catalogue reads it through here.
 */
import { expect, type APIRequestContext } from '@playwright/test';

export async function allApartments<T>(request: APIRequestContext): Promise<T[]> {
  const found: T[] = [];
  for (let page = 1; ; page += 1) {
    const response = await request.get(`/api/appartements?page=${page}&parPage=48`);
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { appartements: T[]; total: number };
    found.push(...body.appartements);
    if (body.appartements.length === 0 || found.length >= body.total) return found;
  }
}

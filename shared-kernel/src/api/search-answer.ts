/**
 * The search's answer as the screens use it (issue 32): decoded from the API's page, or the French
 * reason the API refused the stay. Shared by the search's fetcher and the page's data (page-queries.ts).
 */
import { decodeAppartement } from '../domain/decode.js';
import type { AppartementTrouve, PageAppartements, SejourPrix, VilleFacette } from '../domain/types.js';

function decodeSejour(value: unknown): SejourPrix | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  const nuits = Number(v.nuits);
  const totalCents = Number(v.totalCents);
  if (!Number.isInteger(nuits) || !Number.isInteger(totalCents)) return undefined;
  return { nuits, totalCents, total: totalCents / 100 };
}

/** A search page, or the French reason the API refused the stay (400). */
export type SearchAnswer = { page: PageAppartements } | { refus: string };

/** The server writes `{ refus }` for a refused stay (the API's 400 message), else the API's page. */
export function decodeSearchAnswer(data: unknown): SearchAnswer {
  const refus = (data as { refus?: unknown } | null)?.refus;
  return typeof refus === 'string' ? { refus } : { page: decodeSearchPage(data) };
}

export function refusalOf(error: unknown): string | null {
  const response = (error as { response?: { status?: number; data?: { message?: unknown } } } | null)?.response;
  return response?.status === 400 && typeof response.data?.message === 'string' ? response.data.message : null;
}

/** The towns as the API lists them; an entry without a name or slug is dropped. */
function decodeVilles(data: unknown): VilleFacette[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((raw) => {
    const v = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    if (typeof v.ville !== 'string' || typeof v.slug !== 'string' || !v.ville || !v.slug) return [];
    return [{ ville: v.ville, slug: v.slug, nombre: Number.isInteger(v.nombre) ? (v.nombre as number) : 0 }];
  });
}

export function decodeSearchPage(data: unknown): PageAppartements {
  const d = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const list = Array.isArray(d.appartements) ? d.appartements : [];
  const f = (d.facettes && typeof d.facettes === 'object' ? d.facettes : {}) as Record<string, unknown>;
  return {
    appartements: list.map((raw): AppartementTrouve => {
      const sejour = decodeSejour((raw as { sejour?: unknown } | null)?.sejour);
      return sejour ? { ...decodeAppartement(raw), sejour } : decodeAppartement(raw);
    }),
    total: Number(d.total) || 0,
    page: Number(d.page) || 1,
    parPage: Number(d.parPage) || list.length,
    facettes: {
      prixMin: Number(f.prixMin) || 0,
      prixMax: Number(f.prixMax) || 0,
      localisations: Array.isArray(f.localisations) ? f.localisations.filter((l): l is string => typeof l === 'string') : [],
      villes: decodeVilles(f.villes),
    },
  };
}

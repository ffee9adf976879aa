/** JSON schemas of GET /api/admin/statistiques: they validate the query and shape the OpenAPI document. */

const nullableInteger = { type: ['integer', 'null'] } as const;

const chiffres = {
  nuitsVendues: { type: 'integer', description: 'Nuits de séjours en attente, confirmés ou terminés dans la période' },
  nuitsOuvertes: { type: 'integer', description: 'Appartements publiés × jours, moins les nuits bloquées à la main' },
  tauxOccupation: { type: ['number', 'null'], description: 'nuitsVendues / nuitsOuvertes (0 à 1)' },
  chiffreAffairesCents: { type: 'integer', description: 'Hébergement (nuits, suppléments, remises ; ni ménage ni taxe de séjour)' },
} as const;

const totaux = {
  ...chiffres,
  prixMoyenNuitCents: nullableInteger,
  revparCents: nullableInteger,
  annulations: { type: 'integer' },
  nuitsAutresCanaux: { type: 'integer', description: 'Nuits importées des calendriers des autres canaux' },
} as const;

const periode = {
  type: 'object',
  properties: {
    du: { type: 'string' },
    au: { type: 'string' },
    ...totaux,
    parMois: { type: 'array', items: { type: 'object', properties: { mois: { type: 'string' }, ...chiffres } } },
    parAppartement: {
      type: 'array',
      items: { type: 'object', properties: { appartementId: { type: 'integer' }, titre: { type: 'string' }, ...totaux } },
    },
  },
} as const;

export const statisticsQuerySchema = {
  type: 'object',
  properties: {
    du: { type: 'string', maxLength: 10, description: 'Premier jour (AAAA-MM-JJ, inclus)' },
    au: { type: 'string', maxLength: 10, description: 'Dernier jour (AAAA-MM-JJ, inclus)' },
    appartementId: { type: 'string', maxLength: 9 },
    format: { type: 'string', enum: ['json', 'csv'] },
  },
} as const;

/** The period and, in `anneePrecedente`, the same days a year before. */
export const statisticsSchema = {
  type: 'object',
  properties: { ...periode.properties, anneePrecedente: periode },
} as const;

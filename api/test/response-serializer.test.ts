/**
 * Answers are written from the response schemas with `[T, 'null']` read as nullable
 * (src/http/response-serializer.ts): the same text as with the type lists, for every shape they
 * take.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { reservationSchema } from '../src/http/schemas.js';
import { buildResponseSerializer, nullableTypes } from '../src/http/response-serializer.js';

const route = { method: 'GET', url: '/x', httpStatus: '200' };

describe('response serializer', () => {
  it('reads [T, null] as T nullable, deep inside objects and arrays, and leaves other lists, enums and consts', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { type: ['string', 'null'], enum: ['x', null] },
        b: { type: 'array', items: { type: ['object', 'null'], properties: { c: { type: ['integer', 'null'] } } } },
        d: { type: ['number', 'string'] },
        e: { const: ['null', 'string'] },
      },
    };
    assert.deepEqual(nullableTypes(schema), {
      type: 'object',
      properties: {
        a: { type: 'string', nullable: true, enum: ['x', null] },
        b: { type: 'array', items: { type: 'object', nullable: true, properties: { c: { type: 'integer', nullable: true } } } },
        d: { type: ['number', 'string'] },
        e: { const: ['null', 'string'] },
      },
    });
    assert.deepEqual(schema.properties.a.type, ['string', 'null'], 'the schema itself is not changed');
  });

  it('writes what the type lists wrote: null, values, nested objects, missing fields', () => {
    const schema = { type: 'array', items: reservationSchema };
    const listed = SerializerSelector()(undefined, {})({ ...route, schema });
    const nullable = buildResponseSerializer(undefined, {})({ ...route, schema });
    const rows = [
      {
        id: 1,
        userId: 2,
        appartementId: 3,
        startDate: '2026-12-01',
        endDate: '2026-12-04',
        guestsCount: 2,
        devis: { lignes: [{ libelle: '3 nuits', montant: 240 }], total: 240, acompte: 72, reste: 168 },
        paymentMethod: 'stripe',
        paiement: { etat: 'en attente', echeance: '2026-11-29T10:00:00.000Z', rembourseCents: null },
        solde: null,
        cgvVersion: null,
        user: { id: 2, nom: 'Camille', email: 'c@exemple.fr' },
        appartement: null,
        status: 'en attente',
      },
      {
        id: 4,
        devis: null,
        paymentMethod: null,
        user: null,
        solde: { montantCents: 100, exigibleLe: '2026-12-01', resteCents: 0, etat: 'payé' },
      },
      { id: 5 },
    ];
    assert.equal(nullable(rows), listed(rows));
    assert.deepEqual(JSON.parse(nullable(rows))[1].devis, null);
  });
});

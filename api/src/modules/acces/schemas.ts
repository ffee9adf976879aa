/** The wire shape of an apartment's check-in instructions: the admin's form and the guest's confirmed stay both answer it. */
export const accesSchema = {
  type: 'object',
  properties: {
    adresse: { type: 'string' },
    codeAcces: { type: 'string' },
    instructions: { type: 'string' },
    wifiNom: { type: 'string' },
    wifiMotDePasse: { type: 'string' },
    livret: { type: 'string' },
    parking: { type: 'string' },
  },
} as const;

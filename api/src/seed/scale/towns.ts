/**
 * Fifty towns of Moselle and the rest of the Grand Est for the scale catalogue (issue 32 item 5),
 * with their town-hall coordinates (WGS 84, rounded) and a weight: Metz and the big towns get more
 * apartments, as a real catalogue would. Metz's apartments are spread over its quarters.
 */
export interface Town {
  nom: string;
  latitude: number;
  longitude: number;
  poids: number;
}

export const METZ_QUARTIERS = [
  'Centre',
  'Sablon',
  'Queuleu',
  'Plantières',
  'Outre-Seille',
  'Imperial',
  'Devant-les-Ponts',
  'Borny',
  'Magny',
  'Nouvelle Ville',
];

export const TOWNS: Town[] = [
  { nom: 'Metz', latitude: 49.1193, longitude: 6.1757, poids: 40 },
  { nom: 'Montigny-lès-Metz', latitude: 49.0986, longitude: 6.1536, poids: 6 },
  { nom: 'Longeville-lès-Metz', latitude: 49.1147, longitude: 6.1356, poids: 3 },
  { nom: 'Woippy', latitude: 49.1517, longitude: 6.1519, poids: 3 },
  { nom: 'Marly', latitude: 49.0656, longitude: 6.1547, poids: 3 },
  { nom: 'Scy-Chazelles', latitude: 49.1136, longitude: 6.1172, poids: 2 },
  { nom: 'Moulins-lès-Metz', latitude: 49.1036, longitude: 6.1083, poids: 2 },
  { nom: 'Saint-Julien-lès-Metz', latitude: 49.1331, longitude: 6.2033, poids: 2 },
  { nom: 'Ars-sur-Moselle', latitude: 49.0783, longitude: 6.0744, poids: 2 },
  { nom: 'Gorze', latitude: 49.0522, longitude: 6.0014, poids: 2 },
  { nom: 'Thionville', latitude: 49.3579, longitude: 6.1683, poids: 8 },
  { nom: 'Yutz', latitude: 49.3586, longitude: 6.1889, poids: 2 },
  { nom: 'Hayange', latitude: 49.3283, longitude: 6.0625, poids: 2 },
  { nom: 'Florange', latitude: 49.3239, longitude: 6.1214, poids: 1 },
  { nom: 'Hagondange', latitude: 49.2544, longitude: 6.1686, poids: 1 },
  { nom: 'Amnéville', latitude: 49.2594, longitude: 6.1414, poids: 3 },
  { nom: 'Maizières-lès-Metz', latitude: 49.2125, longitude: 6.1594, poids: 1 },
  { nom: 'Sierck-les-Bains', latitude: 49.44, longitude: 6.3581, poids: 2 },
  { nom: 'Rodemack', latitude: 49.4669, longitude: 6.2269, poids: 1 },
  { nom: 'Forbach', latitude: 49.1881, longitude: 6.8964, poids: 3 },
  { nom: 'Saint-Avold', latitude: 49.1044, longitude: 6.7069, poids: 3 },
  { nom: 'Creutzwald', latitude: 49.2047, longitude: 6.6936, poids: 1 },
  { nom: 'Freyming-Merlebach', latitude: 49.1478, longitude: 6.8133, poids: 1 },
  { nom: 'Sarreguemines', latitude: 49.1097, longitude: 7.0686, poids: 4 },
  { nom: 'Bitche', latitude: 49.0522, longitude: 7.4289, poids: 2 },
  { nom: 'Sarrebourg', latitude: 48.7353, longitude: 7.0539, poids: 3 },
  { nom: 'Phalsbourg', latitude: 48.7667, longitude: 7.2597, poids: 1 },
  { nom: 'Dabo', latitude: 48.6539, longitude: 7.2361, poids: 1 },
  { nom: 'Château-Salins', latitude: 48.8192, longitude: 6.5147, poids: 1 },
  { nom: 'Boulay-Moselle', latitude: 49.1833, longitude: 6.4931, poids: 1 },
  { nom: 'Bouzonville', latitude: 49.2925, longitude: 6.5347, poids: 1 },
  { nom: 'Faulquemont', latitude: 49.0464, longitude: 6.5975, poids: 1 },
  { nom: 'Nancy', latitude: 48.6921, longitude: 6.1844, poids: 12 },
  { nom: 'Vandœuvre-lès-Nancy', latitude: 48.6578, longitude: 6.1731, poids: 2 },
  { nom: 'Lunéville', latitude: 48.5894, longitude: 6.4969, poids: 2 },
  { nom: 'Toul', latitude: 48.675, longitude: 5.8917, poids: 2 },
  { nom: 'Pont-à-Mousson', latitude: 48.9053, longitude: 6.0547, poids: 3 },
  { nom: 'Briey', latitude: 49.2489, longitude: 5.9392, poids: 1 },
  { nom: 'Longwy', latitude: 49.5197, longitude: 5.7664, poids: 2 },
  { nom: 'Verdun', latitude: 49.1598, longitude: 5.3844, poids: 4 },
  { nom: 'Bar-le-Duc', latitude: 48.7727, longitude: 5.1606, poids: 2 },
  { nom: 'Épinal', latitude: 48.1724, longitude: 6.4495, poids: 3 },
  { nom: 'Gérardmer', latitude: 48.0722, longitude: 6.8778, poids: 4 },
  { nom: 'Vittel', latitude: 48.2022, longitude: 5.9478, poids: 1 },
  { nom: 'Strasbourg', latitude: 48.5734, longitude: 7.7521, poids: 14 },
  { nom: 'Colmar', latitude: 48.0794, longitude: 7.3585, poids: 6 },
  { nom: 'Mulhouse', latitude: 47.7508, longitude: 7.3359, poids: 4 },
  { nom: 'Obernai', latitude: 48.4622, longitude: 7.4819, poids: 2 },
  { nom: 'Reims', latitude: 49.2583, longitude: 4.0317, poids: 6 },
  { nom: 'Troyes', latitude: 48.2973, longitude: 4.0744, poids: 3 },
];

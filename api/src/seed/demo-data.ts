/**
 * Données de démonstration de Séjours Messins : 14 logements à Metz et
 * alentours, et des avis de voyageurs.
 *
 * Les images sont livrées avec l'application (api/assets/demo/<slug>-<n>.jpg,
 * servies sous /media/demo/) pour que le site s'affiche sans accès internet.
 * Elles sont produites par api/scripts/demo-images/generate.mjs, qui relit ce
 * fichier pour connaître les slugs.
 */
import { villeDeLocalisation } from 'shared-kernel/rules';

export type DemoInclus =
  'Wifi' | 'Parking gratuit' | 'Piscine' | 'Netflix' | 'Cuisine' | 'Climatisation' | 'Lave-linge' | 'Sèche-linge' | 'Fer à repasser';

export type DemoNonInclus = 'Détecteur de fumée' | 'Détecteur de monoxyde de carbone' | 'Animaux de compagnie' | 'Sèche-cheveux';

export type DemoPolitiqueAnnulation = 'Flexible' | 'Modérée' | 'Stricte';

export interface DemoApartment {
  /** Minuscules et tirets, 30 caractères au plus, unique. */
  slug: string;
  titre: string;
  description: string;
  localisation: string;
  /** La commune ('Metz' pour chaque quartier de Metz). */
  ville: string;
  /** Coordonnées WGS 84 au niveau du quartier, jamais l'adresse exacte (privée). */
  latitude: number;
  longitude: number;
  /** Euros par nuit. */
  prixParNuit: number;
  /** Mètres carrés. */
  surface: number;
  /** Identifiant Smoobu (7 chiffres) ou null. */
  smoobuId: number | null;
  politiqueAnnulation: DemoPolitiqueAnnulation;
  capacite: { voyageurs: number; chambres: number; lits: number; sallesDeBain: number };
  inclus: DemoInclus[];
  nonInclus: DemoNonInclus[];
  hote: { nom: string; experience: string; tauxReponse: string; delaiReponse: string };
  regles: { arrivee: string; depart: string; voyageursMax: number };
  equipements: { salleDeBain: string[]; internetEtBureau: string[] };
  /** '/media/demo/<slug>-1.jpg' … '-4.jpg' */
  images: string[];
}

export interface DemoReview {
  slug: string;
  prenom: string;
  nom: string;
  note: 1 | 2 | 3 | 4 | 5;
  commentaire: string;
  daysAgo: number;
}

/** An apartment's reviews, written without repeating its slug. */
const reviewsOf = (slug: string, reviews: Omit<DemoReview, 'slug'>[]): DemoReview[] => reviews.map((review) => ({ slug, ...review }));

const demoImages = (slug: string): string[] => [1, 2, 3, 4].map((n) => `/media/demo/${slug}-${n}.jpg`);

/** What a demo apartment is written with: its town, its photos and its guest maximum follow from the rest. */
type DemoApartmentSpec = Omit<DemoApartment, 'ville' | 'images' | 'regles'> & { regles: Omit<DemoApartment['regles'], 'voyageursMax'> };

function apartment({ regles, hote, ...spec }: DemoApartmentSpec): DemoApartment {
  return {
    ...spec,
    ville: villeDeLocalisation(spec.localisation),
    hote: { ...hote },
    regles: { ...regles, voyageursMax: spec.capacite.voyageurs },
    images: demoImages(spec.slug),
  };
}

const HOTES = {
  claire: { nom: 'Claire Muller', experience: '6 ans', tauxReponse: '100%', delaiReponse: '1h' },
  thomas: { nom: 'Thomas Schneider', experience: '4 ans', tauxReponse: '98%', delaiReponse: '1h' },
  nadia: { nom: 'Nadia Benali', experience: '3 ans', tauxReponse: '100%', delaiReponse: '30 min' },
  julien: { nom: 'Julien Kieffer', experience: '2 ans', tauxReponse: '95%', delaiReponse: '3h' },
  helene: { nom: 'Hélène Weber', experience: '8 ans', tauxReponse: '100%', delaiReponse: '1h' },
  marc: { nom: 'Marc Antoine', experience: 'Nouveau', tauxReponse: '90%', delaiReponse: '12h' },
} as const;

export const demoApartments: DemoApartment[] = [
  apartment({
    slug: 'studio-cosy-cathedrale',
    titre: 'Studio cosy près de la cathédrale',
    description:
      "Niché dans une ruelle pavée à deux minutes de la cathédrale Saint-Étienne, ce studio entièrement rénové marie la pierre de Jaumont apparente et le confort d'aujourd'hui. Lit double de qualité hôtelière, kitchenette équipée et Wifi fibre vous attendent. Le marché couvert, la place Saint-Louis et les terrasses du centre se rejoignent à pied.",
    localisation: 'Metz Centre',
    latitude: 49.1203,
    longitude: 6.1757,
    prixParNuit: 62,
    surface: 26,
    smoobuId: 4837215,
    politiqueAnnulation: 'Flexible',
    capacite: { voyageurs: 2, chambres: 1, lits: 1, sallesDeBain: 1 },
    inclus: ['Wifi', 'Netflix', 'Cuisine', 'Lave-linge', 'Fer à repasser'],
    nonInclus: ['Animaux de compagnie', 'Détecteur de monoxyde de carbone'],
    hote: HOTES.claire,
    regles: { arrivee: '15:00 - 00:00', depart: 'avant 11:00' },
    equipements: {
      salleDeBain: ["Douche à l'italienne", 'Sèche-cheveux', 'Serviettes fournies', 'Gel douche et shampooing'],
      internetEtBureau: ['Wifi fibre 500 Mb/s', 'Petit bureau'],
    },
  }),
  apartment({
    slug: 'loft-lumineux-imperial',
    titre: 'Loft lumineux quartier Impérial',
    description:
      "Au cœur du quartier Impérial, ce loft de 72 m² occupe le dernier étage d'un immeuble wilhelminien aux grandes fenêtres cintrées. Hauts plafonds, parquet en chêne et décoration soignée en font une base idéale pour découvrir Metz. La gare, l'une des plus belles de France, est à cinq minutes à pied, tout comme l'avenue Foch et ses restaurants.",
    localisation: 'Metz Centre',
    latitude: 49.1127,
    longitude: 6.1738,
    prixParNuit: 118,
    surface: 72,
    smoobuId: null,
    politiqueAnnulation: 'Modérée',
    capacite: { voyageurs: 4, chambres: 2, lits: 2, sallesDeBain: 1 },
    inclus: ['Wifi', 'Netflix', 'Cuisine', 'Lave-linge', 'Sèche-linge', 'Fer à repasser'],
    nonInclus: ['Animaux de compagnie'],
    hote: HOTES.thomas,
    regles: { arrivee: '16:00 - 22:00', depart: 'avant 11:00' },
    equipements: {
      salleDeBain: ['Baignoire', 'Sèche-cheveux', 'Serviettes fournies', "Produits d'accueil bio"],
      internetEtBureau: ['Wifi fibre', 'Espace de travail dédié', 'Écran 27 pouces'],
    },
  }),
  apartment({
    slug: 'design-face-pompidou',
    titre: 'Appartement design face au Centre Pompidou',
    description:
      "Dans le quartier de l'Amphithéâtre, cet appartement contemporain offre une vue dégagée sur la toiture tressée du Centre Pompidou-Metz. Climatisé et baigné de lumière, il comprend un séjour ouvert, une chambre au calme et un canapé-lit pour un troisième voyageur. La gare et le centre commercial Muse sont à quelques minutes à pied.",
    localisation: 'Metz Centre',
    latitude: 49.1086,
    longitude: 6.1818,
    prixParNuit: 95,
    surface: 48,
    smoobuId: 7204518,
    politiqueAnnulation: 'Flexible',
    capacite: { voyageurs: 3, chambres: 1, lits: 2, sallesDeBain: 1 },
    inclus: ['Wifi', 'Climatisation', 'Netflix', 'Cuisine', 'Lave-linge'],
    nonInclus: ['Animaux de compagnie', 'Sèche-cheveux'],
    hote: HOTES.nadia,
    regles: { arrivee: '15:00 - 00:00', depart: 'avant 12:00' },
    equipements: {
      salleDeBain: ["Douche à l'italienne", 'Serviettes fournies', 'Gel douche et shampooing'],
      internetEtBureau: ['Wifi fibre', 'Bureau avec chaise ergonomique'],
    },
  }),
  apartment({
    slug: 'duplex-place-saint-louis',
    titre: 'Duplex de charme place Saint-Louis',
    description:
      "Au-dessus des arcades médiévales de la place Saint-Louis, ce duplex de caractère mêle poutres anciennes, tomettes et équipements haut de gamme. Trois chambres, deux salles d'eau et une vaste pièce à vivre accueillent confortablement familles et groupes d'amis. Cathédrale Saint-Étienne, Temple Neuf et bords de Moselle : tout se fait à pied.",
    localisation: 'Metz Centre',
    latitude: 49.1169,
    longitude: 6.1789,
    prixParNuit: 145,
    surface: 88,
    smoobuId: null,
    politiqueAnnulation: 'Modérée',
    capacite: { voyageurs: 6, chambres: 3, lits: 4, sallesDeBain: 2 },
    inclus: ['Wifi', 'Netflix', 'Cuisine', 'Lave-linge', 'Sèche-linge', 'Fer à repasser'],
    nonInclus: ['Animaux de compagnie', 'Détecteur de monoxyde de carbone'],
    hote: HOTES.helene,
    regles: { arrivee: '16:00 - 21:00', depart: 'avant 11:00' },
    equipements: {
      salleDeBain: ["Deux salles d'eau", 'Sèche-cheveux', 'Serviettes fournies', 'Gel douche et shampooing'],
      internetEtBureau: ['Wifi fibre', 'Table de travail'],
    },
  }),
  apartment({
    slug: 'studio-gare-sablon',
    titre: 'Studio pratique à deux pas de la gare',
    description:
      "Idéal pour un déplacement professionnel ou une courte escale, ce studio fonctionnel se trouve à six minutes à pied de la gare de Metz, côté Sablon. Vous y trouverez un lit double, un coin cuisine et un bureau avec Wifi fibre. Boulangeries, supérettes et arrêts du Mettis sont au pied de l'immeuble.",
    localisation: 'Metz Sablon',
    latitude: 49.1038,
    longitude: 6.1862,
    prixParNuit: 45,
    surface: 19,
    smoobuId: 3391076,
    politiqueAnnulation: 'Flexible',
    capacite: { voyageurs: 2, chambres: 1, lits: 1, sallesDeBain: 1 },
    inclus: ['Wifi', 'Cuisine'],
    nonInclus: ['Animaux de compagnie', 'Sèche-cheveux', 'Détecteur de monoxyde de carbone'],
    hote: HOTES.julien,
    regles: { arrivee: '15:00 - 00:00', depart: 'avant 10:00' },
    equipements: {
      salleDeBain: ['Douche', 'Serviettes fournies'],
      internetEtBureau: ['Wifi fibre', 'Bureau'],
    },
  }),
  apartment({
    slug: 'grand-appart-famille-queuleu',
    titre: 'Grand appartement familial à Queuleu',
    description:
      "Au calme dans le quartier résidentiel de Queuleu, ce grand appartement de 104 m² a été pensé pour les familles : trois chambres, deux salles de bain, lit bébé sur demande et place de parking privée. Le parc de la Seille et le fort de Queuleu se prêtent aux balades, et le centre-ville n'est qu'à dix minutes en bus.",
    localisation: 'Metz Queuleu',
    latitude: 49.1028,
    longitude: 6.1992,
    prixParNuit: 128,
    surface: 104,
    smoobuId: null,
    politiqueAnnulation: 'Modérée',
    capacite: { voyageurs: 7, chambres: 3, lits: 5, sallesDeBain: 2 },
    inclus: ['Wifi', 'Parking gratuit', 'Netflix', 'Cuisine', 'Lave-linge', 'Sèche-linge', 'Fer à repasser'],
    nonInclus: ['Animaux de compagnie'],
    hote: HOTES.helene,
    regles: { arrivee: '15:00 - 20:00', depart: 'avant 11:00' },
    equipements: {
      salleDeBain: ['Baignoire', 'Douche', 'Sèche-cheveux', 'Serviettes fournies', 'Baignoire bébé'],
      internetEtBureau: ['Wifi fibre', 'Espace de travail dédié'],
    },
  }),
  apartment({
    slug: 'balcon-sur-la-moselle',
    titre: 'T2 avec balcon sur la Moselle',
    description:
      "Face à un bras de la Moselle, ce T2 lumineux offre un balcon où savourer le petit-déjeuner avec vue sur l'eau et les clochers de la ville. Le quartier de Devant-les-Ponts est calme et verdoyant, avec un parking gratuit dans la résidence. Le Plan d'eau et le centre historique se rejoignent en quinze minutes à pied par les berges.",
    localisation: 'Metz Devant-les-Ponts',
    latitude: 49.1291,
    longitude: 6.1642,
    prixParNuit: 76,
    surface: 52,
    smoobuId: 5610942,
    politiqueAnnulation: 'Flexible',
    capacite: { voyageurs: 3, chambres: 1, lits: 2, sallesDeBain: 1 },
    inclus: ['Wifi', 'Parking gratuit', 'Cuisine', 'Lave-linge', 'Fer à repasser'],
    nonInclus: ['Détecteur de monoxyde de carbone'],
    hote: HOTES.nadia,
    regles: { arrivee: '15:00 - 00:00', depart: 'avant 12:00' },
    equipements: {
      salleDeBain: ['Douche', 'Sèche-cheveux', 'Serviettes fournies'],
      internetEtBureau: ['Wifi fibre', 'Table de travail avec vue'],
    },
  }),
  apartment({
    slug: 'maison-piscine-montigny',
    titre: 'Maison 4 chambres avec piscine à Montigny',
    description:
      "Cette maison familiale de 165 m², avec jardin clos et piscine chauffée de mai à septembre, accueille jusqu'à huit personnes à Montigny-lès-Metz. Quatre chambres, trois salles de bain et une grande cuisine ouverte sur la terrasse permettent de se retrouver sans se marcher dessus. Le jardin botanique est à cinq minutes à pied et le centre de Metz à dix minutes en voiture.",
    localisation: 'Montigny-lès-Metz',
    latitude: 49.0968,
    longitude: 6.1538,
    prixParNuit: 250,
    surface: 165,
    smoobuId: null,
    politiqueAnnulation: 'Stricte',
    capacite: { voyageurs: 8, chambres: 4, lits: 6, sallesDeBain: 3 },
    inclus: ['Wifi', 'Parking gratuit', 'Piscine', 'Netflix', 'Cuisine', 'Climatisation', 'Lave-linge', 'Sèche-linge', 'Fer à repasser'],
    nonInclus: ['Animaux de compagnie'],
    hote: HOTES.thomas,
    regles: { arrivee: '16:00 - 20:00', depart: 'avant 10:00' },
    equipements: {
      salleDeBain: ['Trois salles de bain', 'Baignoire', "Douche à l'italienne", 'Sèche-cheveux', 'Serviettes de bain et de piscine'],
      internetEtBureau: ['Wifi fibre', 'Bureau séparé', 'Imprimante'],
    },
  }),
  apartment({
    slug: 'calme-verdure-plantieres',
    titre: 'T3 calme et verdoyant à Plantières',
    description:
      "Dans une petite résidence entourée d'arbres, ce T3 rénové donne sur un jardin partagé. Deux chambres, une cuisine équipée et un salon confortable en font une adresse idéale pour un séjour au calme, avec parking gratuit devant l'immeuble. La cathédrale Saint-Étienne et le centre historique sont à dix minutes en bus.",
    localisation: 'Metz Plantières',
    latitude: 49.1152,
    longitude: 6.2048,
    prixParNuit: 82,
    surface: 64,
    smoobuId: null,
    politiqueAnnulation: 'Flexible',
    capacite: { voyageurs: 4, chambres: 2, lits: 3, sallesDeBain: 1 },
    inclus: ['Wifi', 'Parking gratuit', 'Cuisine', 'Lave-linge', 'Fer à repasser'],
    nonInclus: ['Animaux de compagnie', 'Détecteur de monoxyde de carbone'],
    hote: HOTES.claire,
    regles: { arrivee: '15:00 - 00:00', depart: 'avant 11:00' },
    equipements: {
      salleDeBain: ['Baignoire', 'Sèche-cheveux', 'Serviettes fournies'],
      internetEtBureau: ['Wifi fibre', 'Coin bureau'],
    },
  }),
  apartment({
    slug: 'studio-economique-woippy',
    titre: 'Studio économique à Woippy',
    description:
      "Un studio simple et bien tenu, parfait pour les petits budgets et les missions de travail au nord de Metz. Parking gratuit au pied de la résidence et accès rapide à l'A31. La gare de Woippy permet de rejoindre le centre de Metz en quelques minutes.",
    localisation: 'Woippy',
    latitude: 49.1509,
    longitude: 6.1512,
    prixParNuit: 49,
    surface: 22,
    smoobuId: null,
    politiqueAnnulation: 'Flexible',
    capacite: { voyageurs: 2, chambres: 1, lits: 1, sallesDeBain: 1 },
    inclus: ['Wifi', 'Parking gratuit', 'Cuisine'],
    nonInclus: ['Animaux de compagnie', 'Sèche-cheveux'],
    hote: HOTES.marc,
    regles: { arrivee: '17:00 - 23:00', depart: 'avant 10:00' },
    equipements: {
      salleDeBain: ['Douche', 'Serviettes fournies'],
      internetEtBureau: ['Wifi', 'Table pouvant servir de bureau'],
    },
  }),
  apartment({
    slug: 'villa-piscine-marly',
    titre: 'Villa contemporaine avec piscine à Marly',
    description:
      "Au sud de Metz, cette villa contemporaine de plain-pied s'ouvre sur une grande terrasse en bois et une piscine privée. Trois chambres climatisées, une cuisine d'architecte et un salon baigné de lumière promettent un séjour reposant. Les commerces de Marly sont à deux pas et la cathédrale Saint-Étienne à quinze minutes en voiture.",
    localisation: 'Marly',
    latitude: 49.0641,
    longitude: 6.1528,
    prixParNuit: 215,
    surface: 140,
    smoobuId: null,
    politiqueAnnulation: 'Stricte',
    capacite: { voyageurs: 6, chambres: 3, lits: 4, sallesDeBain: 2 },
    inclus: ['Wifi', 'Parking gratuit', 'Piscine', 'Climatisation', 'Netflix', 'Cuisine', 'Lave-linge', 'Sèche-linge'],
    nonInclus: ['Animaux de compagnie'],
    hote: HOTES.helene,
    regles: { arrivee: '16:00 - 20:00', depart: 'avant 10:00' },
    equipements: {
      salleDeBain: ["Douche à l'italienne", 'Baignoire', 'Sèche-cheveux', 'Serviettes de bain et de piscine'],
      internetEtBureau: ['Wifi fibre', 'Espace de travail dédié'],
    },
  }),
  apartment({
    slug: 'cocon-bord-moselle-longeville',
    titre: 'Cocon au bord de la Moselle à Longeville',
    description:
      "À Longeville-lès-Metz, ce joli T2 se trouve à quelques pas de la piste cyclable qui longe la Moselle jusqu'au Plan d'eau. Décoré avec soin, il offre une chambre douillette, une cuisine équipée et un salon avec Netflix pour les soirées. Le centre de Metz est à dix minutes en bus ou vingt minutes à vélo.",
    localisation: 'Longeville-lès-Metz',
    latitude: 49.1148,
    longitude: 6.1478,
    prixParNuit: 69,
    surface: 40,
    smoobuId: null,
    politiqueAnnulation: 'Modérée',
    capacite: { voyageurs: 2, chambres: 1, lits: 1, sallesDeBain: 1 },
    inclus: ['Wifi', 'Netflix', 'Cuisine', 'Lave-linge'],
    nonInclus: ['Détecteur de monoxyde de carbone'],
    hote: HOTES.julien,
    regles: { arrivee: '15:00 - 00:00', depart: 'avant 11:00' },
    equipements: {
      salleDeBain: ['Douche', 'Sèche-cheveux', 'Serviettes fournies'],
      internetEtBureau: ['Wifi fibre', 'Petit bureau'],
    },
  }),
  apartment({
    slug: 'maison-vigneron-scy',
    titre: 'Maison de vigneron à Scy-Chazelles',
    description:
      'Sur les coteaux du mont Saint-Quentin, cette ancienne maison de vigneron en pierre de Jaumont a été restaurée avec goût. Piscine au milieu des vignes, terrasse avec vue sur la vallée de la Moselle et trois chambres sous les poutres : le charme de la campagne à dix minutes de Metz. La maison de Robert Schuman, toute proche, mérite une visite.',
    localisation: 'Scy-Chazelles',
    latitude: 49.1131,
    longitude: 6.1182,
    prixParNuit: 175,
    surface: 130,
    smoobuId: 8125530,
    politiqueAnnulation: 'Modérée',
    capacite: { voyageurs: 6, chambres: 3, lits: 3, sallesDeBain: 2 },
    inclus: ['Wifi', 'Parking gratuit', 'Piscine', 'Cuisine', 'Lave-linge', 'Sèche-linge'],
    nonInclus: ['Détecteur de monoxyde de carbone'],
    hote: HOTES.claire,
    regles: { arrivee: '16:00 - 21:00', depart: 'avant 11:00' },
    equipements: {
      salleDeBain: ['Baignoire', 'Douche', 'Sèche-cheveux', 'Serviettes de bain et de piscine'],
      internetEtBureau: ['Wifi', 'Grande table de travail'],
    },
  }),
  apartment({
    slug: 'refuge-ars-sur-moselle',
    titre: 'Petit refuge pour déconnecter à Ars-sur-Moselle',
    description:
      "Ici, pas de Wifi : ce petit logement en lisière de forêt est fait pour lever le pied. Randonnée jusqu'aux arches de l'aqueduc romain, balades le long de la Moselle et soirées lecture au calme. Stationnement dans la rue et gare TER à cinq minutes à pied pour rejoindre Metz.",
    localisation: 'Ars-sur-Moselle',
    latitude: 49.0779,
    longitude: 6.0731,
    prixParNuit: 52,
    surface: 30,
    smoobuId: null,
    politiqueAnnulation: 'Flexible',
    capacite: { voyageurs: 2, chambres: 1, lits: 1, sallesDeBain: 1 },
    inclus: ['Cuisine', 'Fer à repasser'],
    nonInclus: ['Sèche-cheveux', 'Détecteur de monoxyde de carbone'],
    hote: HOTES.marc,
    regles: { arrivee: '15:00 - 20:00', depart: 'avant 11:00' },
    equipements: {
      salleDeBain: ['Douche', 'Serviettes fournies'],
      internetEtBureau: [],
    },
  }),
];

export const demoReviews: DemoReview[] = [
  ...reviewsOf('studio-cosy-cathedrale', [
    {
      prenom: 'Camille',
      nom: 'Durand',
      note: 5,
      commentaire:
        'Emplacement parfait : on ouvre la fenêtre et on voit la cathédrale Saint-Étienne. Studio très propre, lit confortable et Claire nous a donné plein de bonnes adresses.',
      daysAgo: 12,
    },
    {
      prenom: 'Antoine',
      nom: 'Lefèvre',
      note: 4,
      commentaire:
        "Très bien situé, le marché couvert est juste à côté (la quiche du traiteur vaut le détour). Un peu de bruit le samedi soir avec les bars, mais rien de grave avec les bouchons d'oreilles fournis.",
      daysAgo: 47,
    },
    {
      prenom: 'Inès',
      nom: 'Marchal',
      note: 5,
      commentaire:
        'Petit mais très bien pensé. Arrivée autonome simple, hôte qui répond en quelques minutes. Je reviendrai pour le marché de Noël !',
      daysAgo: 133,
    },
  ]),
  ...reviewsOf('loft-lumineux-imperial', [
    {
      prenom: 'Sébastien',
      nom: 'Roux',
      note: 5,
      commentaire:
        'Superbe loft, très lumineux, avec des plafonds immenses. Pratique de pouvoir aller à la gare à pied avec les valises. Le quartier Impérial est magnifique le soir.',
      daysAgo: 21,
    },
    {
      prenom: 'Laura',
      nom: 'Petitjean',
      note: 4,
      commentaire:
        'Logement spacieux et bien équipé, idéal pour télétravailler avec le grand écran. Seul bémol : quatrième étage sans ascenseur.',
      daysAgo: 88,
    },
    {
      prenom: 'Mathieu',
      nom: 'Klein',
      note: 5,
      commentaire:
        'Thomas est un hôte aux petits soins. Tout était impeccable, draps et serviettes de qualité. Je recommande sans hésiter.',
      daysAgo: 160,
    },
    {
      prenom: 'Sarah',
      nom: 'Gauthier',
      note: 3,
      commentaire:
        "Bel appartement mais le chauffage a mis du temps à démarrer en janvier. L'hôte a réagi rapidement et nous a apporté un radiateur d'appoint.",
      daysAgo: 274,
    },
  ]),
  ...reviewsOf('design-face-pompidou', [
    {
      prenom: 'Julie',
      nom: 'Bernard',
      note: 5,
      commentaire:
        "La vue sur le Centre Pompidou-Metz depuis le salon est incroyable, surtout au coucher du soleil. Appartement moderne, climatisation bienvenue en plein mois d'août.",
      daysAgo: 30,
    },
    {
      prenom: 'Karim',
      nom: 'Haddad',
      note: 4,
      commentaire:
        'Très pratique pour un séjour sans voiture : gare à cinq minutes, Muse juste en bas. Le canapé-lit est correct pour une ou deux nuits.',
      daysAgo: 95,
    },
  ]),
  ...reviewsOf('duplex-place-saint-louis', [
    {
      prenom: 'Élodie',
      nom: 'Fischer',
      note: 5,
      commentaire:
        'Un appartement plein de charme avec ses poutres et ses tomettes. On a adoré prendre le café sous les arcades de la place Saint-Louis le matin. Parfait pour notre week-end entre amis à six.',
      daysAgo: 18,
    },
    {
      prenom: 'Nicolas',
      nom: 'Mangin',
      note: 4,
      commentaire:
        'Emplacement exceptionnel et logement très propre. Le stationnement est compliqué dans le centre : prévoyez le parking Saint-Jacques, à deux minutes.',
      daysAgo: 64,
    },
    {
      prenom: 'Marie',
      nom: 'Thiébaut',
      note: 5,
      commentaire:
        'Hélène nous a accueillis en personne avec une mirabelle de bienvenue. Temple Neuf et bords de Moselle à deux pas, que demander de plus ?',
      daysAgo: 190,
    },
  ]),
  ...reviewsOf('studio-gare-sablon', [
    {
      prenom: 'Hugo',
      nom: 'Lambert',
      note: 4,
      commentaire:
        "Exactement ce qu'il faut pour un déplacement pro : à côté de la gare, calme, Wifi rapide. Rapport qualité-prix imbattable.",
      daysAgo: 15,
    },
    {
      prenom: 'Chloé',
      nom: 'Girard',
      note: 3,
      commentaire: 'Studio propre et bien placé, mais vraiment petit et la douche manque de pression. Correct pour une nuit ou deux.',
      daysAgo: 122,
    },
    {
      prenom: 'Olivier',
      nom: 'Masson',
      note: 2,
      commentaire:
        "Le logement n'était pas tout à fait propre à notre arrivée (poussière sous le lit, poubelle pas vidée) et les clés ont été difficiles à récupérer. L'hôte s'est excusé et a proposé un geste commercial.",
      daysAgo: 231,
    },
  ]),
  ...reviewsOf('grand-appart-famille-queuleu', [
    {
      prenom: 'Aurélie',
      nom: 'Simon',
      note: 5,
      commentaire:
        "Idéal avec nos trois enfants : beaucoup d'espace, lit bébé prêt à notre arrivée et la place de parking évite bien des soucis. Quartier très calme.",
      daysAgo: 40,
    },
    {
      prenom: 'Pierre',
      nom: 'Hoffmann',
      note: 5,
      commentaire:
        'Appartement impeccable et très bien équipé. Nous avons fait une belle balade au fort de Queuleu. Hélène répond très vite.',
      daysAgo: 115,
    },
    {
      prenom: 'Sophie',
      nom: 'Arnould',
      note: 4,
      commentaire: 'Très bon séjour en famille. Le bus pour le centre passe souvent, mais le soir il vaut mieux prendre la voiture.',
      daysAgo: 208,
    },
  ]),
  ...reviewsOf('balcon-sur-la-moselle', [
    {
      prenom: 'Lucas',
      nom: 'Morel',
      note: 5,
      commentaire:
        "Le petit-déjeuner sur le balcon face à la Moselle, c'est un vrai bonheur. Belle balade jusqu'au Plan d'eau par les berges. Parking gratuit très appréciable.",
      daysAgo: 26,
    },
    {
      prenom: 'Manon',
      nom: 'Rousseau',
      note: 5,
      commentaire: 'Appartement lumineux, propre et décoré avec goût. Nadia a été très réactive et de bon conseil pour les restaurants.',
      daysAgo: 71,
    },
    {
      prenom: 'Vincent',
      nom: 'Colin',
      note: 4,
      commentaire: "Très agréable, calme la nuit. Il manque juste un second store dans la chambre pour les matins d'été.",
      daysAgo: 149,
    },
    {
      prenom: 'Emma',
      nom: 'Perrin',
      note: 5,
      commentaire: 'Coup de cœur ! On voit la cathédrale au loin depuis le balcon. Nous reviendrons pour les Fêtes de la Mirabelle.',
      daysAgo: 256,
    },
  ]),
  ...reviewsOf('maison-piscine-montigny', [
    {
      prenom: 'Guillaume',
      nom: 'Becker',
      note: 5,
      commentaire:
        'Maison parfaite pour nos retrouvailles familiales à huit. La piscine chauffée a fait le bonheur des enfants et la cuisine est très bien équipée.',
      daysAgo: 35,
    },
    {
      prenom: 'Céline',
      nom: 'Rémy',
      note: 4,
      commentaire:
        'Très belle maison et jardin bien entretenu. Le jardin botanique de Montigny, juste à côté, vaut vraiment la visite. Un peu cher, mais justifié.',
      daysAgo: 102,
    },
  ]),
  ...reviewsOf('calme-verdure-plantieres', [
    {
      prenom: 'Damien',
      nom: 'François',
      note: 4,
      commentaire: 'Appartement calme avec vue sur les arbres, parfait pour se reposer. Parking facile devant la résidence.',
      daysAgo: 55,
    },
    {
      prenom: 'Léa',
      nom: 'Schmitt',
      note: 5,
      commentaire:
        'Propreté irréprochable et literie neuve. Claire a laissé des mirabelles et un guide du quartier, une attention adorable.',
      daysAgo: 180,
    },
  ]),
  ...reviewsOf('cocon-bord-moselle-longeville', [
    {
      prenom: 'Romain',
      nom: 'Vincent',
      note: 5,
      commentaire:
        "Nous avons loué des vélos et suivi la Moselle jusqu'au Plan d'eau puis au Centre Pompidou-Metz : une super journée. Le logement est cosy et très propre.",
      daysAgo: 10,
    },
    {
      prenom: 'Pauline',
      nom: 'Dupont',
      note: 4,
      commentaire:
        'Joli appartement bien décoré. Un peu de bruit de la route le matin, sinon rien à redire. Julien est très arrangeant pour les horaires.',
      daysAgo: 140,
    },
    {
      prenom: 'Thibault',
      nom: 'Nicolas',
      note: 3,
      commentaire:
        'Bien situé pour les balades, mais la cuisine manquait de quelques ustensiles et le Wifi a coupé une soirée. Hôte réactif malgré tout.',
      daysAgo: 298,
    },
  ]),
  ...reviewsOf('maison-vigneron-scy', [
    {
      prenom: 'Isabelle',
      nom: 'Lorrain',
      note: 5,
      commentaire:
        'Un endroit magique : la piscine au milieu des vignes et la vue sur la vallée de la Moselle au coucher du soleil. La maison de Robert Schuman est à deux pas.',
      daysAgo: 44,
    },
    {
      prenom: 'François',
      nom: 'Jacquemin',
      note: 5,
      commentaire:
        "Maison pleine de caractère, très propre, et Claire répond dans l'heure. À dix minutes de la gare de Metz en voiture, c'est idéal.",
      daysAgo: 97,
    },
    {
      prenom: 'Anaïs',
      nom: 'Guerin',
      note: 4,
      commentaire:
        'Séjour très agréable. La route pour monter est étroite et le parking limité à deux voitures, à savoir si vous venez à plusieurs.',
      daysAgo: 215,
    },
  ]),
];

import type { Appartement } from 'shared-kernel';
import { cancellationText, capacityItems } from './text';

export const NO_AMENITIES_TEXT = 'Aucun équipement spécifié';

/** Capacity (travellers, bedrooms, beds, bathrooms, surface). */
export function CapacityList({ appartement }: { appartement: Appartement }) {
  return (
    <ul className="sk-list cat-capacity" aria-label="Capacité">
      {capacityItems(appartement.capacite, appartement.surface).map((item) => (
        <li key={item} className="cat-capacity__item">
          {item}
        </li>
      ))}
    </ul>
  );
}

/** The description, paragraph by paragraph. */
export function Description({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return null;
  return (
    <section className="cat-section" aria-labelledby="cat-description-title">
      <h2 id="cat-description-title" className="cat-section__title">
        Description
      </h2>
      {paragraphs.map((p, i) => (
        <p key={i} className="cat-description">
          {p}
        </p>
      ))}
    </section>
  );
}

function LabelList({ items, className }: { items: readonly string[]; className: string }) {
  return (
    <ul className={`cat-amenities ${className}`}>
      {items.map((item, i) => (
        <li key={`${i}-${item}`} className="cat-amenities__item">
          {item}
        </li>
      ))}
    </ul>
  );
}

/** What is included ('inclus'), or 'Aucun équipement spécifié'; then what is not, when known. */
export function Amenities({ appartement }: { appartement: Appartement }) {
  const { inclus, nonInclus, equipements } = appartement;
  return (
    <section className="cat-section" aria-labelledby="cat-amenities-title">
      <h2 id="cat-amenities-title" className="cat-section__title">
        Équipements inclus
      </h2>
      {inclus.length > 0 ? (
        <LabelList items={inclus} className="cat-amenities--included" />
      ) : (
        <p className="cat-muted">{NO_AMENITIES_TEXT}</p>
      )}
      {equipements.salleDeBain.length > 0 && (
        <>
          <h3 className="cat-section__subtitle">Salle de bain</h3>
          <LabelList items={equipements.salleDeBain} className="cat-amenities--included" />
        </>
      )}
      {equipements.internetEtBureau.length > 0 && (
        <>
          <h3 className="cat-section__subtitle">Internet et bureau</h3>
          <LabelList items={equipements.internetEtBureau} className="cat-amenities--included" />
        </>
      )}
      {nonInclus.length > 0 && (
        <>
          <h3 className="cat-section__subtitle">Non inclus</h3>
          <LabelList items={nonInclus} className="cat-amenities--excluded" />
        </>
      )}
    </section>
  );
}

/** The host: name, experience, response rate and delay. */
export function HostCard({ appartement }: { appartement: Appartement }) {
  const { nom, experience, tauxReponse, delaiReponse, photo } = appartement.hote;
  return (
    <section className="cat-section" aria-labelledby="cat-host-title">
      <h2 id="cat-host-title" className="cat-section__title">
        {nom ? `Votre hôte : ${nom}` : 'Votre hôte'}
      </h2>
      {photo ? (
        <img
          className="cat-host__photo"
          src={photo}
          alt={nom ? `Photo de ${nom}` : 'Photo de l’hôte'}
          width={96}
          height={96}
          loading="lazy"
          decoding="async"
          fetchPriority="low"
        />
      ) : null}
      <dl className="cat-facts">
        <div className="cat-facts__row">
          <dt>Expérience</dt>
          <dd>{experience}</dd>
        </div>
        <div className="cat-facts__row">
          <dt>Taux de réponse</dt>
          <dd>{tauxReponse}</dd>
        </div>
        <div className="cat-facts__row">
          <dt>Délai de réponse</dt>
          <dd>{delaiReponse}</dd>
        </div>
      </dl>
    </section>
  );
}

/** House rules (arrival, departure, maximum travellers) and the cancellation policy. */
export function HouseRules({ appartement }: { appartement: Appartement }) {
  const { regles, politiqueAnnulation } = appartement;
  const policyText = cancellationText(politiqueAnnulation);
  return (
    <section className="cat-section" aria-labelledby="cat-rules-title">
      <h2 id="cat-rules-title" className="cat-section__title">
        Règlement intérieur
      </h2>
      <dl className="cat-facts">
        <div className="cat-facts__row">
          <dt>Arrivée</dt>
          <dd>{regles.arrivee}</dd>
        </div>
        <div className="cat-facts__row">
          <dt>Départ</dt>
          <dd>{regles.depart}</dd>
        </div>
        <div className="cat-facts__row">
          <dt>Voyageurs maximum</dt>
          <dd>{regles.voyageursMax}</dd>
        </div>
      </dl>
      <h3 className="cat-section__subtitle">Conditions d'annulation</h3>
      <p className="cat-policy">
        <strong>{politiqueAnnulation}</strong>
        {policyText ? ` : ${policyText}` : null}
      </p>
    </section>
  );
}

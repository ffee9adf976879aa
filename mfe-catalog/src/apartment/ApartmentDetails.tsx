import type { Appartement } from 'shared-kernel';
import { cancellationText, capacityItems } from './text';
import { ContentSection } from '../content/ContentSection';

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
    <ContentSection id="cat-description-title" title="Description" isStatic>
      {paragraphs.map((p, i) => (
        <p key={i} className="cat-description">
          {p}
        </p>
      ))}
    </ContentSection>
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
    <ContentSection id="cat-amenities-title" title="Équipements inclus" isStatic>
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
    </ContentSection>
  );
}

/** The host: name, experience, response rate and delay. */
export function HostCard({ appartement }: { appartement: Appartement }) {
  const { nom, experience, tauxReponse, delaiReponse, photo } = appartement.hote;
  return (
    <ContentSection id="cat-host-title" title={nom ? `Votre hôte : ${nom}` : 'Votre hôte'} isStatic>
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
    </ContentSection>
  );
}

/** House rules (arrival, departure, maximum travellers) and the cancellation policy. */
export function HouseRules({ appartement }: { appartement: Appartement }) {
  const { regles, politiqueAnnulation } = appartement;
  const policyText = cancellationText(politiqueAnnulation);
  return (
    <ContentSection id="cat-rules-title" title="Règlement intérieur" isStatic>
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
    </ContentSection>
  );
}

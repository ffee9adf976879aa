import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { PAYMENT_METHODS, SearchBox, ToggleButtons, usePageMeta, type PaymentMethod, type PaymentOptions } from 'shared-kernel';
import { Accordion } from '../content/Accordion';
import { FAQ_EMPTY_TEXT, FAQ_FILTERS, faqItems, filterFaq, type FaqFilter } from '../content/faqData';
import { useServerAnswer } from '../content/useServerAnswer';
import '../content/content.css';
import { ContentSection, PageHero } from '../content/ContentSection';

const PAGE_DESCRIPTION =
  'Réponses aux questions fréquentes sur la réservation, le paiement, votre compte et la sécurité de vos séjours en appartement meublé à Metz.';

/** The server's payment settings (GET /api/paiements/options), or null when unusable. */
export function decodePaymentOptions(raw: unknown): PaymentOptions | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const whole = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);
  const delaiVirementHeures = whole(r.delaiVirementHeures);
  const soldeJoursAvantArrivee = whole(r.soldeJoursAvantArrivee);
  if (!Array.isArray(r.methodes) || delaiVirementHeures === null || soldeJoursAvantArrivee === null) return null;
  const methodes = r.methodes.filter((m): m is PaymentMethod => (PAYMENT_METHODS as readonly unknown[]).includes(m));
  return { methodes, delaiVirementHeures, delaiStripeMinutes: whole(r.delaiStripeMinutes) ?? 0, soldeJoursAvantArrivee };
}

function countText(count: number): string {
  return count === 1 ? '1 question' : `${count} questions`;
}

/** FAQ page (route '/faq'): category filters, a search over questions and answers, and the accordion. */
export default function FaqPage() {
  usePageMeta('Foire aux questions', PAGE_DESCRIPTION);
  const searchRef = useRef<HTMLInputElement>(null);
  const [filter, setFilter] = useState<FaqFilter>('toutes');
  const [query, setQuery] = useState('');
  // The answers state the server's payment rules (issue 27), written into the page by the server.
  const options = useServerAnswer('/paiements/options', decodePaymentOptions);
  const items = useMemo(() => faqItems(options), [options]);
  const visible = useMemo(() => filterFaq(items, filter, query), [items, filter, query]);
  const filterLabel = FAQ_FILTERS.find((f) => f.id === filter)?.label ?? '';

  const resetSearch = () => {
    setQuery('');
    setFilter('toutes');
    searchRef.current?.focus();
  };

  return (
    <div className="sk-page cat-content">
      <PageHero id="cat-faq-title" title="Foire aux questions">
        <p className="cat-page-hero__lead">
          Réservation, paiement, compte, sécurité : retrouvez ici les réponses aux questions les plus fréquentes sur nos séjours à Metz.
        </p>
      </PageHero>

      <section className="cat-section" aria-labelledby="cat-faq-list-title">
        <div className="sk-stack sk-gap-4 cat-faq-tools">
          <SearchBox
            inputRef={searchRef}
            label="Rechercher dans la FAQ"
            placeholder="Rechercher une question..."
            value={query}
            onChange={setQuery}
            className="cat-faq-search"
            labelClassName="cat-faq-search__label"
            inputClassName="sk-input cat-faq-search__input"
          />
          <div className="cat-chips" role="group" aria-label="Filtrer par catégorie">
            <ToggleButtons options={FAQ_FILTERS} value={filter} onChange={setFilter} buttonClassName="cat-chip" />
          </div>
        </div>

        <h2 id="cat-faq-list-title" className="cat-section__title">
          {filter === 'toutes' ? 'Toutes les questions' : `Questions : ${filterLabel}`}
        </h2>
        {/* One live region, always present, so that each change of the results is announced. */}
        <p className={visible.length > 0 ? 'cat-faq-count' : 'cat-faq-empty'} role="status">
          {visible.length > 0 ? countText(visible.length) : FAQ_EMPTY_TEXT}
        </p>
        {visible.length > 0 ? (
          <Accordion items={visible} headingLevel={3} />
        ) : (
          <button type="button" className="cat-cta cat-cta--secondary" onClick={resetSearch}>
            Afficher toutes les questions
          </button>
        )}
      </section>

      <ContentSection id="cat-faq-help" title="Vous n’avez pas trouvé votre réponse ?" className="cat-section--panel">
        <p className="cat-section__text">Notre équipe support vous répond depuis la messagerie, avant comme pendant votre séjour.</p>
        <div className="sk-actions sk-gap-3 cat-actions">
          <Link className="cat-cta cat-cta--primary" to="/messagerie">
            Contacter le support
          </Link>
          <Link className="cat-cta cat-cta--secondary" to="/register">
            Créer un compte
          </Link>
          <Link className="cat-cta cat-cta--secondary" to="/about">
            En savoir plus sur nous
          </Link>
          <Link className="cat-cta cat-cta--secondary" to="/">
            Découvrir nos logements
          </Link>
        </div>
      </ContentSection>
    </div>
  );
}

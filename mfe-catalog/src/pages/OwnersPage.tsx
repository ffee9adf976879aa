import { useRef, type MouseEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { usePageMeta } from 'shared-kernel';
import { Accordion } from '../content/Accordion';
import { FigureList } from '../content/FigureList';
import { OwnerEstimateForm } from '../content/OwnerEstimateForm';
import { OWNER_ADVANTAGES, OWNER_FAQ, OWNER_FIGURES, OWNER_STEPS, OWNER_TESTIMONIALS } from '../content/ownersData';
import '../content/content.css';
import { ContentSection } from '../content/ContentSection';

const PAGE_DESCRIPTION =
  'Propriétaire à Metz ? Louez-nous votre appartement en bail meublé d’un an renouvelable : loyer garanti, aucuns frais de gestion et jusqu’à 30% de revenus en plus. Estimation gratuite.';

const RENT_TITLE = 'Propriétaires : loyer garanti à Metz';
const OWNERS_TITLE = 'Propriétaires : confiez-nous votre appartement à Metz';

const FORM_TITLE_ID = 'cat-owners-form-title';

/**
 * Owner landing page (routes '/loyer-garanti' and '/proprietaires'): the pitch of the spec's section 1
 * — hero, figures, testimonials, the 4 steps, four advantages, owner questions — and the estimate form.
 */
export default function OwnersPage() {
  // Two addresses of one page: each its own title (the canonical URL of both is /loyer-garanti).
  const { pathname } = useLocation();
  usePageMeta(pathname.startsWith('/proprietaires') ? OWNERS_TITLE : RENT_TITLE, PAGE_DESCRIPTION);
  const formTitle = useRef<HTMLHeadingElement>(null);

  // The hero link jumps to the form and moves the focus there (without changing the route).
  const goToForm = (event: MouseEvent<HTMLAnchorElement>) => {
    const heading = formTitle.current;
    if (!heading) return;
    event.preventDefault();
    heading.scrollIntoView?.({ block: 'start' });
    heading.focus({ preventScroll: true });
  };

  return (
    <div className="sk-page cat-content">
      <section className="cat-page-hero cat-page-hero--dark" aria-labelledby="cat-owners-title">
        <h1 id="cat-owners-title" className="cat-page-hero__title">
          Louez votre appartement à Metz, loyer garanti
        </h1>
        <p className="cat-page-hero__lead">
          Nous louons votre appartement sous bail meublé d’un an renouvelable et le proposons à des voyageurs pour de courts séjours : un
          loyer garanti chaque mois, aucuns frais de gestion et jusqu’à 30% de revenus en plus.
        </p>
        <div className="sk-actions sk-gap-3 cat-actions">
          <a className="cat-cta cat-cta--inverse" href={`#${FORM_TITLE_ID}`} onClick={goToForm}>
            Estimer mon loyer gratuitement
          </a>
        </div>
      </section>

      <ContentSection id="cat-owners-trust" title="Ils nous confient leur appartement">
        <FigureList items={OWNER_FIGURES} />
        <ul className="sk-list sk-grid cat-testimonials" aria-label="Témoignages de propriétaires">
          {OWNER_TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name}>
              <figure className="cat-testimonial">
                <blockquote className="cat-testimonial__quote">
                  <p>{`« ${testimonial.quote} »`}</p>
                </blockquote>
                <figcaption className="cat-testimonial__author">
                  <span className="cat-testimonial__name">{testimonial.name}</span>
                  <span className="cat-testimonial__place">{`Propriétaire, ${testimonial.neighbourhood}`}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="cat-owners-steps" title="Comment ça marche ?">
        <ol className="sk-list sk-grid sk-grid--4 cat-steps">
          {OWNER_STEPS.map((step, index) => (
            <li key={step.title} className="cat-steps__item">
              <span className="cat-steps__number">
                <span className="sk-visually-hidden">Étape </span>
                {index + 1}
              </span>
              <h3 className="cat-steps__title">{step.title}</h3>
              <p className="cat-steps__text">{step.text}</p>
            </li>
          ))}
        </ol>
      </ContentSection>

      <ContentSection id="cat-owners-advantages" title="Vos avantages">
        <ul className="sk-list sk-grid sk-grid--4 cat-cards">
          {OWNER_ADVANTAGES.map((advantage) => (
            <li key={advantage.title} className="cat-cards__item">
              <h3 className="cat-cards__title">{advantage.title}</h3>
              <p className="cat-cards__text">{advantage.text}</p>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="cat-owners-faq" title="Questions fréquentes des propriétaires">
        <Accordion items={OWNER_FAQ} headingLevel={3} />
      </ContentSection>

      <section className="cat-section cat-section--panel cat-owner-form" aria-labelledby={FORM_TITLE_ID}>
        <div>
          <h2 id={FORM_TITLE_ID} ref={formTitle} className="cat-section__title" tabIndex={-1}>
            Demandez votre estimation gratuite
          </h2>
          <p className="cat-section__text">
            Parlez-nous de votre appartement : notre équipe vous répond sous 24h avec une estimation de votre loyer garanti, sans
            engagement.
          </p>
        </div>
        <OwnerEstimateForm labelledBy={FORM_TITLE_ID} />
      </section>
    </div>
  );
}

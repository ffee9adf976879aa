import { Link } from 'react-router-dom';
import { usePageMeta } from 'shared-kernel';
import { ABOUT_VALUES, aboutFigures, decodeSiteFigures } from '../content/aboutData';
import { useServerAnswer } from '../content/useServerAnswer';
import { FigureList } from '../content/FigureList';
import { useSiteName } from '../ui/useSiteName';
import '../content/content.css';
import { ContentSection, PageHero } from '../content/ContentSection';

const PAGE_DESCRIPTION =
  'Notre mission : des séjours meublés de courte durée à Metz, dans des appartements vérifiés, avec une équipe locale à votre écoute. Nos chiffres et nos valeurs.';

/** About page (route '/about'): mission, the figures the server counted, four values, links to the lodgings and to sign-up. */
export default function AboutPage() {
  usePageMeta('À propos', PAGE_DESCRIPTION);
  const siteName = useSiteName();
  // Counted by the server from the database, written into the page when it renders it (issue 27).
  const figures = aboutFigures(useServerAnswer('/site/chiffres', decodeSiteFigures));

  return (
    <div className="sk-page cat-content">
      <PageHero id="cat-about-title" title={`À propos de ${siteName}`}>
        <p className="cat-page-hero__lead">
          Des appartements meublés pour vos courts séjours à Metz, choisis avec soin et accompagnés par une équipe locale.
        </p>
      </PageHero>

      <ContentSection id="cat-about-mission" title="Notre mission">
        <p className="cat-section__text">
          Vous permettre de séjourner à Metz comme chez vous, le temps d’un déplacement professionnel, d’un week-end ou de vacances : nous
          proposons des appartements meublés de courte durée, prêts à vivre et réservables en ligne.
        </p>
        <p className="cat-section__text">
          Ce sont des appartements de confiance : nous les louons à leurs propriétaires sous bail meublé, puis chacun est visité, équipé et
          entretenu par nos soins avant d’accueillir des voyageurs.
        </p>
        <p className="cat-section__text">
          Notre équipe locale, installée à Metz, connaît chaque quartier, du centre historique autour de la cathédrale Saint-Étienne au
          Centre Pompidou-Metz, et reste joignable pendant tout votre séjour.
        </p>
      </ContentSection>

      {figures.length > 0 ? (
        <ContentSection id="cat-about-figures" title={`${siteName} en chiffres`}>
          <FigureList items={figures} />
        </ContentSection>
      ) : null}

      <ContentSection id="cat-about-values" title="Nos valeurs">
        <ul className="sk-list sk-grid sk-grid--4 cat-cards">
          {ABOUT_VALUES.map((value) => (
            <li key={value.title} className="cat-cards__item">
              <h3 className="cat-cards__title">{value.title}</h3>
              <p className="cat-cards__text">{value.text}</p>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="cat-about-next" title="Prêt à découvrir Metz ?" className="cat-section--panel">
        <p className="cat-section__text">Parcourez nos logements disponibles, puis créez votre compte pour réserver en quelques minutes.</p>
        <div className="sk-actions sk-gap-3 cat-actions">
          <Link className="cat-cta cat-cta--primary" to="/">
            Découvrir nos logements
          </Link>
          <Link className="cat-cta cat-cta--secondary" to="/register">
            Créer un compte
          </Link>
        </div>
      </ContentSection>
    </div>
  );
}

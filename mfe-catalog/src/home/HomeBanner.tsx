import { Link } from 'react-router-dom';
import { useSession } from 'shared-kernel';
import { useSiteName } from '../ui/useSiteName';

/** Welcome banner with the greeting of the signed-in user, or a note that the visitor is not signed in. */
export function HomeBanner() {
  const siteName = useSiteName();
  const status = useSession((s) => s.status);
  const name = useSession((s) => s.user?.name ?? null);

  return (
    <section className="cat-hero" aria-labelledby="cat-hero-title">
      <h1 id="cat-hero-title" className="cat-hero__title">
        {`Bienvenue sur ${siteName}`}
      </h1>
      {/* Nothing is said while the session is still being restored, to avoid a wrong greeting. */}
      {status === 'ready' &&
        (name !== null ? (
          <p className="cat-hero__greeting">{`Bonjour, ${name} !`}</p>
        ) : (
          <>
            <p className="cat-hero__greeting">Vous n'êtes pas connecté.</p>
            <p className="cat-hero__invite">
              <Link to="/login">Connectez-vous</Link> pour réserver votre séjour à Metz.
            </p>
          </>
        ))}
      <p className="cat-hero__lead">Des appartements meublés à Metz pour vos séjours de courte durée.</p>
    </section>
  );
}

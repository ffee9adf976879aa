import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { usePageMeta, Alert } from 'shared-kernel';
import { AddApartmentForm } from '../apartment/AddApartmentForm';
import { ADDED, IMAGES_DROPPED } from '../apartment/text';
import { useAddApartment } from '../apartment/useAddApartment';

export const PAGE_TITLE = 'Ajouter un appartement';
/** After a success the page goes to the home page (spec section 9). */
export const REDIRECT_DELAY_MS = 2000;

/** Admin: add an apartment (route '/admin/add-appartement'; the shell lets only admins in). */
export default function AddApartmentPage() {
  usePageMeta(
    PAGE_TITLE,
    "Ajout d'un logement au catalogue : informations, capacité, images, équipements, hôte, règles et politique d'annulation.",
  );
  const state = useAddApartment();
  const { created, dropped, reset } = state;
  const navigate = useNavigate();
  const successRef = useRef<HTMLHeadingElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const wasCreated = useRef(false);

  useEffect(() => {
    if (!created) return undefined;
    successRef.current?.focus();
    const timer = window.setTimeout(() => void navigate('/'), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [created, navigate]);

  useEffect(() => {
    // Back to a fresh form after a success: the focus goes to the top of the page.
    if (wasCreated.current && !created) titleRef.current?.focus();
    wasCreated.current = created !== null;
  }, [created]);

  return (
    <div className="sk-page adm-page adm-add">
      <div className="sk-page__top">
        <h1 ref={titleRef} tabIndex={-1} className="sk-page__title">
          {PAGE_TITLE}
        </h1>
      </div>
      {created ? (
        <section className="sk-card adm-success" aria-labelledby="adm-success-title">
          <h2 id="adm-success-title" ref={successRef} tabIndex={-1} className="adm-success__title">
            {created.appartement.titre || 'Nouvel appartement'}
          </h2>
          {dropped ? <Alert tone="warning">{IMAGES_DROPPED}</Alert> : null}
          <Alert
            tone="success"
            actions={
              <>
                <button type="button" className="sk-button sk-button--primary" onClick={reset}>
                  Ajouter un autre appartement
                </button>
                <Link to="/" className="sk-button sk-button--secondary">
                  Voir sur la page d&apos;accueil
                </Link>
              </>
            }
          >
            {ADDED} <span className="sk-muted">Redirection vers la page d&apos;accueil dans 2 secondes…</span>
          </Alert>
        </section>
      ) : (
        <section className="sk-card">
          <AddApartmentForm state={state} />
        </section>
      )}
    </div>
  );
}

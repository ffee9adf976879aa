import { useLocation, useNavigate } from 'react-router-dom';

/**
 * 'Retour': one step back in the history (spec section 2). When the page was opened directly (a
 * bookmark, a new tab) there is no step back inside the site, so it goes to `fallback` instead.
 */
export function BackButton({ fallback }: { fallback: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const goBack = () => {
    if (location.key === 'default') void navigate(fallback);
    else void navigate(-1);
  };
  return (
    <button type="button" className="sk-button sk-button--ghost" onClick={goBack}>
      <span aria-hidden="true">←</span> Retour
    </button>
  );
}

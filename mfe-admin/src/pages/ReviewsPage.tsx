import { useId, useState } from 'react';
import {
  adminQueries,
  Alert,
  loadState,
  Spinner,
  usePageMeta,
  useQuery,
  useQueryClient,
  type AdminAvis,
  type AdminAvisPage,
} from 'shared-kernel';
import { ReviewReplyCard } from '../reviews/ReviewReplyCard';
import '../ui/ui.css';
import '../reviews/reviews.css';

const TITLE = 'Avis des voyageurs';
export const REVIEWS_LOAD_FAILED = 'Les avis n’ont pas pu être chargés.';

/** « avis » is the same in the plural. */
export function reviewsSummary(page: Pick<AdminAvisPage, 'total' | 'sansReponse'>, onlyUnanswered: boolean): string {
  if (onlyUnanswered) return page.total === 0 ? 'Tous les avis ont une réponse.' : `${page.total} avis sans réponse.`;
  return page.total === 0 ? 'Aucun avis pour le moment.' : `${page.total} avis, dont ${page.sansReponse} sans réponse.`;
}

/** Admin (route '/admin/avis', issue 30 item 6): every review, newest first, each answered publicly once (editable). */
export default function ReviewsPage() {
  usePageMeta(TITLE, 'Les avis laissés par les voyageurs, et la réponse publique de l’hôte à chacun.');
  const filterId = useId();
  const [onlyUnanswered, setOnlyUnanswered] = useState(false);
  const [pageNumber, setPageNumber] = useState(1);
  const client = useQueryClient();
  const options = adminQueries.reviews({ page: pageNumber, sansReponse: onlyUnanswered });
  const read = useQuery(options);
  const state = loadState(read);
  const page = state.status === 'ready' ? state.data : null;
  const failed = state.status === 'error';
  const load = () => void read.refetch();

  const saved = (answered: AdminAvis, wasUnanswered: boolean) =>
    client.setQueryData<AdminAvisPage>(options.queryKey, (current) =>
      current
        ? {
            ...current,
            sansReponse: current.sansReponse - (wasUnanswered ? 1 : 0),
            avis: current.avis.map((a) => (a.id === answered.id ? answered : a)),
          }
        : current,
    );
  const pages = page ? Math.max(1, Math.ceil(page.total / page.parPage)) : 1;

  return (
    <div className="sk-page adm-page">
      <h1>{TITLE}</h1>
      <div className="adm-reviews-toolbar">
        <input
          id={filterId}
          type="checkbox"
          checked={onlyUnanswered}
          onChange={(event) => {
            setOnlyUnanswered(event.target.checked);
            setPageNumber(1);
          }}
        />
        <label htmlFor={filterId}>Seulement les avis sans réponse</label>
      </div>
      {failed ? (
        <Alert tone="danger" onRetry={load}>
          {REVIEWS_LOAD_FAILED}
        </Alert>
      ) : null}
      {page === null && !failed ? <Spinner /> : null}
      {page ? (
        <>
          <p>{reviewsSummary(page, onlyUnanswered)}</p>
          <ul className="sk-list sk-rows sk-gap-4 adm-reviews">
            {page.avis.map((avis) => (
              <li key={avis.id}>
                <ReviewReplyCard avis={avis} onSaved={(answered) => saved(answered, avis.reponse === undefined)} />
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <nav className="adm-reviews-pager" aria-label="Pages d’avis">
              <button
                type="button"
                className="sk-button sk-button--secondary"
                disabled={pageNumber <= 1}
                onClick={() => setPageNumber((n) => n - 1)}
              >
                Page précédente
              </button>
              <span>{`Page ${pageNumber} sur ${pages}`}</span>
              <button
                type="button"
                className="sk-button sk-button--secondary"
                disabled={pageNumber >= pages}
                onClick={() => setPageNumber((n) => n + 1)}
              >
                Page suivante
              </button>
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

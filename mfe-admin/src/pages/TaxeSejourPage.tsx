import { adminQueries, Alert, loadState, Spinner, usePageMeta, useQuery } from 'shared-kernel';
import { Declaration } from '../taxe/Declaration';
import { RatesForm } from '../taxe/RatesForm';
import '../ui/ui.css';

const TITLE = 'Taxe de séjour';

/** Admin (route '/admin/taxe-de-sejour', issue 12): the rates per year and what to declare to the commune. */
export default function TaxeSejourPage() {
  usePageMeta(TITLE, 'Taux de la taxe de séjour par année et déclaration mensuelle par appartement, avec export CSV.');
  const state = loadState(useQuery(adminQueries.taxeRates()));
  const taux = state.status === 'ready' ? state.data : null;
  const failed = state.status === 'error';

  return (
    <div className="sk-page adm-page">
      <h1>{TITLE}</h1>
      {failed ? <Alert tone="danger">Les taux n'ont pas pu être chargés.</Alert> : null}
      {taux === null && !failed ? <Spinner /> : null}
      {taux ? (
        <>
          {taux.length > 0 ? (
            <ul className="adm-taux-list" aria-label="Années saisies">
              {taux.map((t) => (
                <li
                  key={t.annee}
                >{`${t.annee} : non classé ${t.pourcentageNonClasse} % (plafond ${t.plafondNonClasse} €), taxe additionnelle ${t.taxeAdditionnelle} %`}</li>
              ))}
            </ul>
          ) : (
            <p>Aucun taux saisi : aucune taxe de séjour n'est ajoutée aux devis.</p>
          )}
          <RatesForm taux={taux} />
        </>
      ) : null}
      <Declaration />
    </div>
  );
}

import { useState, type FormEvent } from 'react';
import { formatEuro, serverMessage, type LigneDeclaration, Alert, TextField, adminTaxeApi } from 'shared-kernel';
import { saveBlob } from '../ui/saveBlob';
import '../reservations/reservations.css';
import '../ui/ui.css';

function previousMonth(now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

const COLUMNS = [
  'Mois',
  'Appartement',
  "N° d'enregistrement",
  'Nuitées',
  'Nuitées adultes',
  'Nuitées exonérées',
  'Taxe collectée',
] as const;

/** What to declare per month and apartment, for stays that ended in the period, with the CSV export. */
export function Declaration() {
  const [du, setDu] = useState(previousMonth);
  const [au, setAu] = useState(previousMonth);
  const [lines, setLines] = useState<LigneDeclaration[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const show = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    try {
      setLines(await adminTaxeApi.declaration(du, au));
    } catch (e) {
      setLines(null);
      setError(serverMessage(e) ?? "La déclaration n'a pas pu être calculée.");
    }
  };

  const download = async () => {
    try {
      saveBlob(await adminTaxeApi.declarationCsv(du, au), `taxe-de-sejour-${du}${au !== du ? `-${au}` : ''}.csv`);
    } catch (e) {
      setError(serverMessage(e) ?? "L'export n'a pas pu être téléchargé.");
    }
  };

  const total = (lines ?? []).reduce((s, l) => s + Math.round(l.taxe * 100), 0) / 100;

  return (
    <section className="sk-card" aria-label="Déclaration">
      <h2>À déclarer</h2>
      <form className="adm-form adm-grid" aria-label="Période de la déclaration" onSubmit={(e) => void show(e)}>
        <TextField label="Du (mois)" type="month" value={du} onChange={(e) => setDu(e.target.value)} />
        <TextField label="Au (mois)" type="month" value={au} onChange={(e) => setAu(e.target.value)} />
        <div className="sk-actions">
          <button type="submit" className="sk-button sk-button--primary">
            Afficher
          </button>
          <button type="button" className="sk-button sk-button--secondary" onClick={() => void download()}>
            Exporter en CSV
          </button>
        </div>
      </form>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {lines && lines.length === 0 ? <p>Aucun séjour terminé sur cette période.</p> : null}
      {lines && lines.length > 0 ? (
        <table className="sk-table adm-table">
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={`${l.mois}-${l.appartementId}`}>
                <td>{l.mois}</td>
                <td>{l.titre}</td>
                <td>{l.numeroEnregistrement ?? '—'}</td>
                <td>{l.nuits}</td>
                <td>{l.nuitsAdultes}</td>
                <td>{l.nuitsExonerees}</td>
                <td>{formatEuro(l.taxe)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={6}>
                Total collecté
              </th>
              <td>{formatEuro(total)}</td>
            </tr>
          </tfoot>
        </table>
      ) : null}
    </section>
  );
}

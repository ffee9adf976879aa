/**
 * The PDF of an invoice or credit note, drawn with pdfkit from the content frozen at issue (the same
 * bytes' meaning every time it is downloaded). The standard Helvetica font covers French (WinAnsi):
 * the few characters it lacks (narrow spaces, the minus sign) are written with their plain forms.
 */
import PDFDocument from 'pdfkit';
import type { DocumentContent } from './document.js';

const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ').replace(/\u2212/g, '-');

/** 123456 → "1 234,56 €" (always two decimals, as an invoice writes it). */
export function euroText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const units = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${sign}${units},${String(abs % 100).padStart(2, '0')} €`;
}

const frenchDay = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};
const issueDay = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(iso));
const rate = (taux: number) => `${String(taux).replace('.', ',')} %`;

export function renderDocumentPdf(doc: DocumentContent): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${doc.type === 'facture' ? 'Facture' : 'Avoir'} ${doc.numero}`, Author: doc.vendeur.nom },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const text = (value: string, options?: PDFKit.Mixins.TextOptions) => pdf.text(plain(value), options);
  const left = 50;
  const width = 495;

  // Seller.
  pdf.font('Helvetica-Bold').fontSize(12);
  text(doc.vendeur.nom);
  pdf.font('Helvetica').fontSize(9);
  text(`${doc.vendeur.formeJuridique}, capital ${doc.vendeur.capital}`);
  text(doc.vendeur.adresse);
  text(`${doc.vendeur.rcs} · SIRET ${doc.vendeur.siret}`);
  text(`N° de TVA intracommunautaire : ${doc.vendeur.tva}`);
  text(doc.vendeur.contact);
  if (doc.vendeur.exemple) text('Coordonnées de démonstration : ce document n’est pas une facture réelle.');

  // Title and buyer.
  pdf.moveDown(1.5).font('Helvetica-Bold').fontSize(16);
  text(`${doc.type === 'facture' ? 'Facture' : 'Avoir'} n° ${doc.numero}`);
  pdf.font('Helvetica').fontSize(10);
  text(`Date d’émission : ${issueDay(doc.emiseLe)}`);
  if (doc.type === 'avoir' && doc.facturesPrecedentes.length > 0) text(`Se rapporte à : ${doc.facturesPrecedentes.join(', ')}`);
  pdf.moveDown();
  pdf.font('Helvetica-Bold');
  text('Client');
  pdf.font('Helvetica');
  text(doc.client.nom);
  if (doc.client.societe) text(doc.client.societe);
  if (doc.client.adresse) text(doc.client.adresse);

  // The stay.
  pdf.moveDown();
  pdf.font('Helvetica-Bold');
  text(`Réservation ${doc.sejour.reference}`);
  pdf.font('Helvetica');
  text(`${doc.sejour.logement}, ${doc.sejour.localisation}`);
  const voyageurs = `${doc.sejour.adultes} adulte${doc.sejour.adultes > 1 ? 's' : ''}${doc.sejour.enfants > 0 ? `, ${doc.sejour.enfants} enfant${doc.sejour.enfants > 1 ? 's' : ''}` : ''}`;
  text(
    `Séjour du ${frenchDay(doc.sejour.arrivee)} au ${frenchDay(doc.sejour.depart)} (${doc.sejour.nuits} nuit${doc.sejour.nuits > 1 ? 's' : ''}), ${voyageurs}`,
  );

  // Lines: with VAT, each line but the taxe shows HT, VAT and TTC.
  const withVat = doc.tva.taux > 0;
  const columns = withVat ? [left, left + 255, left + 335, left + 415] : [left, left + 415];
  const row = (cells: string[], bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    cells.forEach((cell, i) => {
      const x = columns[i] ?? left;
      const w = i === 0 ? (columns[1] ?? left + width) - left - 10 : 80;
      pdf.text(plain(cell), x, y, { width: w, align: i === 0 ? 'left' : 'right' });
    });
    pdf.x = left;
    pdf.moveDown(0.4);
  };
  pdf.moveDown();
  row(withVat ? ['Désignation', 'Montant HT', `TVA ${rate(doc.tva.taux)}`, 'Montant TTC'] : ['Désignation', 'Montant'], true);
  for (const line of doc.lignes) {
    const libelle = line.horsTva ? `${line.libelle} (hors champ de la TVA)` : line.libelle;
    row(
      withVat
        ? [libelle, line.horsTva ? '' : euroText(line.htCents), line.horsTva ? '' : euroText(line.tvaCents), euroText(line.ttcCents)]
        : [libelle, euroText(line.ttcCents)],
    );
  }
  const t = doc.totalSejour;
  if (withVat) {
    row(['Total HT (hors taxe de séjour)', euroText(t.htCents), euroText(t.tvaCents), euroText(t.htCents + t.tvaCents)], true);
    row(['Taxe de séjour (hors champ de la TVA)', '', '', euroText(t.taxeCents)]);
  }
  row(withVat ? ['Total du séjour TTC', '', '', euroText(t.ttcCents)] : ['Total du séjour', euroText(t.ttcCents)], true);

  // This document's amount.
  pdf.moveDown();
  pdf.font('Helvetica-Bold').fontSize(11);
  text(
    doc.type === 'facture'
      ? `Montant de cette facture : ${euroText(doc.montant.ttcCents)}`
      : `Montant de cet avoir (remboursement dû) : ${euroText(doc.montant.ttcCents)}`,
  );
  pdf.font('Helvetica').fontSize(9);
  text(doc.objet);
  if (withVat)
    text(
      `Dont ${euroText(doc.montant.htCents)} HT, ${euroText(doc.montant.tvaCents)} de TVA à ${rate(doc.tva.taux)} et ${euroText(doc.montant.taxeCents)} de taxe de séjour (hors champ de la TVA).`,
    );
  else if (doc.montant.taxeCents > 0) text(`Dont ${euroText(doc.montant.taxeCents)} de taxe de séjour (hors champ de la TVA).`);
  if (doc.type === 'facture' && doc.facturesPrecedentes.length > 0)
    text(`Factures précédentes de ce séjour : ${doc.facturesPrecedentes.join(', ')}`);
  if (doc.tva.mention) {
    pdf.moveDown();
    text(doc.tva.mention);
  }
  pdf.end();
  return done;
}

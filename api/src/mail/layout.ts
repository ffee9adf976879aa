/**
 * One layout for every mail: the same content as plain text and as simple HTML (inline styles only,
 * as mail clients ignore style sheets). Templates give paragraphs, key/value lines and a link.
 */

export type Block = { p: string } | { rows: Array<[string, string]> } | { link: { href: string; label: string } };

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

export function render(siteName: string, subject: string, greeting: string, blocks: Block[]): MailContent {
  const text: string[] = [greeting, ''];
  const html: string[] = [`<p>${escapeHtml(greeting)}</p>`];
  for (const block of blocks) {
    if ('p' in block) {
      text.push(block.p, '');
      html.push(`<p>${escapeHtml(block.p)}</p>`);
    } else if ('rows' in block) {
      for (const [label, value] of block.rows) text.push(`${label} : ${value}`);
      text.push('');
      html.push(
        `<table role="presentation" style="border-collapse:collapse">${block.rows
          .map(
            ([label, value]) =>
              `<tr><th scope="row" style="text-align:left;padding:2px 12px 2px 0">${escapeHtml(label)}</th><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`,
          )
          .join('')}</table>`,
      );
    } else {
      text.push(`${block.link.label} : ${block.link.href}`, '');
      html.push(
        `<p><a href="${escapeHtml(block.link.href)}" style="overflow-wrap:anywhere;word-break:break-word">${escapeHtml(block.link.label)}</a></p>`,
      );
    }
  }
  text.push(`L’équipe ${siteName}`);
  html.push(`<p>L’équipe ${escapeHtml(siteName)}</p>`);
  return {
    subject,
    text: text.join('\n'),
    // The viewport and the width bound keep it readable on a 390 px phone.
    html: `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5;max-width:600px;margin:0 auto;padding:0 12px;overflow-wrap:anywhere">${html.join('')}</body></html>`,
  };
}

const euroFormat = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
/** 1234.5 -> "1 234,50 €" (with the narrow no-break spaces of fr-FR replaced by plain ones for text clients). */
export function euros(amount: number): string {
  return euroFormat.format(amount).replace(/[\u202f\u00a0]/g, ' ');
}

/** "2026-12-03" -> "jeudi 3 décembre 2026". */
export function longDate(isoDate: string): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  return new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
}

export function dateTime(date: Date): string {
  return new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' })
    .format(date)
    .replace(/[\u202f\u00a0]/g, ' ');
}

/** Today's date in Metz ("YYYY-MM-DD"), shifted by `days`. */
export function parisDate(now: Date, days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );
  const shifted = new Date(`${today}T12:00:00Z`);
  shifted.setUTCDate(shifted.getUTCDate() + days);
  return shifted.toISOString().slice(0, 10);
}

import { todayIn } from 'shared-kernel';

/** Saves a text as a file through a temporary link (the export arrives through the API client, with its token). */
export function saveTextFile(text: string, fileName: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** mes-donnees-2026-11-23.json */
export function exportFileName(now = new Date()): string {
  return `mes-donnees-${todayIn('Europe/Paris', now)}.json`;
}

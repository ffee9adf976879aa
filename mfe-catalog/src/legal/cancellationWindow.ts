/** "24 heures avant l'arrivée", "5 jours avant l'arrivée": a policy's window as the terms state it. */
export function cancellationWindow(hours: number): string {
  if (hours % 24 === 0 && hours > 24) return `${hours / 24} jours avant l'arrivée`;
  return `${hours} heures avant l'arrivée`;
}

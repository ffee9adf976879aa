/** Leaves the site for another page (Stripe's hosted checkout); its own module so tests can watch it. */
export function leaveFor(url: string): void {
  window.location.assign(url);
}

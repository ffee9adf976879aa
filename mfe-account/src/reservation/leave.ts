/** Goes to another origin (Stripe's hosted page); its own module so tests can replace it. */
export function leaveFor(url: string): void {
  window.location.assign(url);
}

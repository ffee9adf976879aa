/**
 * What a money transaction leaves to do once it has committed: announce events (mails), ask Stripe
 * for refunds. Never inside the transaction: a network call would hold the reservation's lock, and a
 * mail must not go out for a change that rolled back. If the process dies in between, the refunds are
 * asked again by the `remboursements-stripe` job (they are rows, 'à effectuer').
 */
export class AfterCommit {
  private readonly tasks: Array<() => Promise<void>> = [];

  push(task: () => Promise<void>): void {
    this.tasks.push(task);
  }

  /** Runs every task in order; a failure is logged and does not stop the others. */
  async run(log: (error: unknown, what: string) => void): Promise<void> {
    for (const task of this.tasks.splice(0)) {
      try {
        await task();
      } catch (error) {
        log(error, 'suite d’une opération de paiement');
      }
    }
  }
}

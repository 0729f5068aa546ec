export class UnsubscriptionError extends Error {
  constructor(readonly errors: unknown[]) {
    super(`${errors.length} errors occurred during unsubscription`);
  }
}

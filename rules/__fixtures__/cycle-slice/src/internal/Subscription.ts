import { UnsubscriptionError } from './util/UnsubscriptionError';

export class Subscription {
  closed = false;
  private readonly finalizers: (() => void)[] = [];

  add(teardown: unknown): void {
    if (typeof teardown === 'function') this.finalizers.push(teardown as () => void);
  }

  unsubscribe(): void {
    this.closed = true;
    const errors = this.finalizers.flatMap((f) => {
      try {
        f();
        return [];
      } catch (error) {
        return [error];
      }
    });
    if (errors.length) throw new UnsubscriptionError(errors);
  }
}

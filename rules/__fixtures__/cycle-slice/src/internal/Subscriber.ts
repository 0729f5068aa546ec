import { Subscription } from './Subscription';
import type { Observer } from '../shapes/types.js';
import { config } from '../config';

export class Subscriber<T> extends Subscription implements Partial<Observer<T>> {
  constructor(private readonly onNext?: (value: T) => void) {
    super();
  }

  next(value: T): void {
    if (this.closed) return;
    try {
      this.onNext?.(value);
    } catch (error) {
      config.onUnhandledError?.(error);
    }
  }
}

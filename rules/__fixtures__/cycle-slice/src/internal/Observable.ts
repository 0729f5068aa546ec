import { Subscriber } from './Subscriber';
import { Subscription } from './Subscription';
import { TeardownLogic, OperatorFunction } from './types';
import { pipeFromArray } from './util/pipe';
import { config } from '../config';

export class Observable<T> {
  constructor(private readonly subscribeFn?: (subscriber: Subscriber<T>) => TeardownLogic) {}

  subscribe(next?: (value: T) => void): Subscription {
    const subscriber = new Subscriber<T>(next);
    try {
      subscriber.add(this.subscribeFn?.(subscriber));
    } catch (error) {
      config.onUnhandledError?.(error);
    }
    return subscriber;
  }

  pipe(...operations: OperatorFunction<unknown, unknown>[]): Observable<unknown> {
    return pipeFromArray(operations)(this);
  }
}

import { Observable } from './Observable';
import { Subscriber } from './Subscriber';

export class Subject<T> extends Observable<T> {
  private readonly observers: Subscriber<T>[] = [];

  next(value: T): void {
    for (const o of this.observers) o.next(value);
  }
}

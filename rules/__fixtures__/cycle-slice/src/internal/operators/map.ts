// The operator imports the core; the core's lazy operator table imports it back through
// import(), which never closes a cycle.
import { Observable } from '../Observable';
import type { OperatorFunction } from '../types';

export function map<T, R>(project: (value: T) => R): OperatorFunction<T, R> {
  return (source) => new Observable<R>((subscriber) => source.subscribe((v) => subscriber.next(project(v))));
}

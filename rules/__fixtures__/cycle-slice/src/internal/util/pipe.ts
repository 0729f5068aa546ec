import { identity } from './identity';
import type { OperatorFunction } from '../types';

export function pipeFromArray<T, R>(fns: OperatorFunction<T, R>[]): OperatorFunction<T, R> {
  if (fns.length === 0) return identity as OperatorFunction<T, R>;
  return (input) => fns.reduce((prev: any, fn) => fn(prev), input as any);
}

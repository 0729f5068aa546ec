// Types only; the Observable import is erased, so Observable → types → Observable is no cycle.
import type { Observable } from './Observable';
import { type Subscription } from './Subscription';

export type TeardownLogic = Subscription | (() => void) | void;
export type OperatorFunction<T, R> = (source: Observable<T>) => Observable<R>;

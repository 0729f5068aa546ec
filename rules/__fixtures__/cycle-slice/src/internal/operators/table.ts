import { Observable } from '../Observable';

export const operators = {
  map: () => import('./map'),
};

export const empty = new Observable<never>();

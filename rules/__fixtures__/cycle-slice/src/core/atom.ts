import { globalState, type Reaction } from "./internal.js";

export class Atom {
  observers = new Set<Reaction>();

  constructor(readonly name: string) {}

  reportChanged(): void {
    for (const r of this.observers) globalState.pendingReactions.push(r);
  }
}

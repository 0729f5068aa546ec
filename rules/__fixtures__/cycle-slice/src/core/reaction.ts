import { globalState, Atom } from "./internal.js";

export class Reaction {
  readonly observing: Atom[] = [];

  constructor(private readonly onInvalidate: () => void) {}

  runReaction(): void {
    globalState.trackingDerivation = this;
    this.onInvalidate();
    globalState.trackingDerivation = null;
  }
}

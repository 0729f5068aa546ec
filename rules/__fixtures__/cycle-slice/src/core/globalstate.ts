export class MobXGlobals {
  version = 6;
  trackingDerivation: unknown = null;
  pendingReactions: { runReaction(): void }[] = [];
}

export const globalState = new MobXGlobals();

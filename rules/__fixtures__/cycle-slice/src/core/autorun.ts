import { Reaction } from "./reaction.js";

export function autorun(view: () => void): () => void {
  const reaction = new Reaction(view);
  reaction.runReaction();
  return () => undefined;
}

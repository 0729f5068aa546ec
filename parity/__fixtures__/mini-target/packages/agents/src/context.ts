/** The per-run context of the mini target: a notes store, a stepping clock and sequential ids. */
export interface Note {
  readonly id: string;
  readonly text: string;
  readonly at: string;
}

export class NotesContext {
  readonly notes: Note[];
  private tick = 0;
  private counter = 0;

  constructor(notes: Note[] = []) {
    this.notes = notes;
  }

  now(): string {
    return new Date(Date.UTC(2026, 0, 1, 0, 0, this.tick++)).toISOString();
  }

  nextId(prefix: string): string {
    return `${prefix}-${++this.counter}`;
  }
}

/** A cross-reference written in reStructuredText, MyST Markdown or an MkDocs page, as found on one line. */
export interface CrossReference {
  /** `ref`, `doc`, `py:func` …, `autorefs` (`AUTOREFS_ROLE`); for Markdown links to `#label` it is `ref`; for `<inv:…>` the given `domain:type` or `any`. */
  readonly role: string;
  /** The target without `~`/`!` and without an explicit title; may still carry an intersphinx prefix (`python:tut-intro`). */
  readonly target: string;
  /** The inventory a `<inv:key…>` link names (`*` or none: any). */
  readonly inventory?: string;
  /** Where the target text sits on the line (for completion and links). */
  readonly targetStart: number;
  readonly targetEnd: number;
  /** The whole construct (for hovers). */
  readonly start: number;
  readonly end: number;
  /** False while the closing backtick or bracket is still missing (the person is typing). */
  readonly closed: boolean;
  /** A Markdown `[text](#anchor)` link: the anchor may be a heading of this page rather than a label, so an unknown one is no error. */
  readonly anchorOnly?: true;
}

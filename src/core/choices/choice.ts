/** One entry of a fixed list of values the server accepts, ready for a quick pick. */
export interface Choice {
  /** The value the API sends and accepts. */
  readonly code: string;
  /** The English name Read the Docs shows. */
  readonly name: string;
  /** A one-line explanation, where the name alone is not enough. */
  readonly detail?: string;
}

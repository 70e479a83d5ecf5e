/** A warning or error a build log names, and where it points. */
export type ProblemTool = 'sphinx' | 'docutils' | 'mkdocs' | 'zensical' | 'python';
export type ProblemSeverity = 'error' | 'warning';

/** Which directory a relative path in the message starts from. */
export type ProblemBase = 'sphinx' | 'mkdocsDocs' | 'mkdocsConfig' | 'checkout' | 'python';

export interface LogProblem {
  readonly severity: ProblemSeverity;
  readonly message: string;
  /** Sphinx's warning type (`ref.ref`), the exception class, or the tool when it gives none. */
  readonly code: string;
  readonly tool: ProblemTool;
  /** The path as printed (absolute in the checkout, or relative to `base`); undefined when the tool named no file. */
  readonly path: string | undefined;
  readonly base: ProblemBase;
  /** 1-based line in the file, when the log gives one. */
  readonly line: number | undefined;
  /** 1-based column on that line, in characters (code points), when the log gives one (Zensical's reports). */
  readonly column?: number;
  /** A docstring warning's object (`gizmo.Gizmo.spin`): `line` then counts from that docstring. */
  readonly docstringOf?: string;
  /** Texts to look for in the file when the log names no line (an MkDocs link target, a config key). */
  readonly locate?: readonly string[];
  /**
   * An autorefs reference blamed on a page: when the page does not say it, it is in the docstrings
   * of the Python objects the page renders (`::: mk_demo.core`).
   */
  readonly rendersPython?: boolean;
  readonly commandId: number;
}

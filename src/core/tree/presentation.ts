import { type Build } from '../models/build';
import { type BuildKnown } from '../builds/buildRow';
import { type TimeWords } from '../builds/facts';
import { type CommandId } from '../commandIds';

/**
 * How a node looks, as plain data: the adapter turns it into a TreeItem (ThemeIcon, ThemeColor,
 * MarkdownString) in one function. Kept in core so it is tested without VS Code.
 */
export interface NodePresentation {
  readonly label: string;
  readonly description?: string;
  /** Markdown; every remote string in it is escaped. */
  readonly tooltip?: string;
  /** A codicon id (`sync~spin`, `pass`, ...). */
  readonly icon: string;
  /** A theme color id (`testing.iconPassed`, ...). */
  readonly color?: string;
  readonly collapsible: 'none' | 'collapsed';
  /** Run on click. */
  readonly command?: RowCommand;
  /** The description says how long ago something was (`3 minutes ago`): it changes as time passes. */
  readonly ageing?: boolean;
}

/** What a click on a row runs. */
export interface RowCommand {
  readonly id: CommandId;
  readonly title: string;
}

/** The moment a row is drawn and the words for times; without it rows show no relative time. */
export interface TimeContext extends TimeWords {
  readonly now: number;
  /** What is known of a build beyond its API object (its live words, …): `BuildKnowledge.of`. */
  readonly known: (projectSlug: string, build: Build) => BuildKnown;
}

/**
 * What a row of either view looks like (Projects, This Workspace): one model, drawn by one adapter
 * function (`treeItemOf`, `vscode/tree/treeItem.ts`), its context value in one vocabulary
 * (`contextValues.ts`).
 */
export interface RowLook {
  readonly id: string;
  readonly label: string;
  readonly description?: string;
  readonly tooltip?: string;
  /** The tooltip is Markdown whose remote strings are escaped (shown untrusted, without HTML); else plain text. */
  readonly tooltipIsMarkdown?: boolean;
  /** A codicon id and a theme color id. */
  readonly icon?: { readonly id: string; readonly color?: string };
  readonly collapsible: 'none' | 'collapsed' | 'expanded';
  readonly contextValue?: string;
  /** Run on click. */
  readonly command?: { readonly id: string; readonly title: string; readonly arguments?: readonly unknown[] };
}

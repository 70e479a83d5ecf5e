import { type Edition } from '../api/client';
import { type NoticeRef } from '../commandArgs';
import { type Build } from '../models/build';
import { type BuildKnown } from '../builds/buildRow';
import { type RowLook } from '../tree/presentation';
import { type Event } from '../util/events';
import { type WorkspaceProject } from './binding';
import { type FolderRepository } from './match';

/** What a row of the "This Workspace" view does when clicked. */
export type RowAction =
  | { readonly kind: 'showLog'; readonly edition: Edition; readonly projectSlug: string; readonly buildId: number }
  | { readonly kind: 'syncVersions'; readonly project: WorkspaceProject }
  | { readonly kind: 'activate'; readonly project: WorkspaceProject }
  | { readonly kind: 'build'; readonly project: WorkspaceProject }
  | { readonly kind: 'import'; readonly repositoryUrl: string }
  | { readonly kind: 'retry' }
  | { readonly kind: 'command'; readonly command: string; readonly args: readonly unknown[] };

/** A row of This Workspace: the rows' one look (`RowLook`, shared with the Projects tree) with its click and children. */
export interface WorkspaceRow extends Omit<RowLook, 'collapsible' | 'command'> {
  readonly action?: RowAction;
  readonly children?: readonly WorkspaceRow[];
  /** What a context-menu command of the row acts on (VS Code passes it the row). */
  readonly subject?: unknown;
  /** The notice a notice row shows (its Dismiss command reads it). */
  readonly noticeRef?: NoticeRef;
}

/** The build a checked-out branch without an active version of its own is built as (its pull request's latest). */
/** What is known of a build of a bound project beyond its API object (`BuildKnowledge.of`): rows that show builds take it. */
export type KnownOf = (bound: WorkspaceProject, build: Build) => BuildKnown;

export interface BranchBuild {
  /** How the status bar names what was built: `#1234`. */
  readonly name: string;
  readonly build: Build;
}

/** What a section's rows may depend on besides the project. */
export interface SectionContext {
  /** The project row's id: the section's row ids start with it. */
  readonly parentId: string;
  readonly now: number;
  /** What another section says the branch is built as (a pull request): rows that say the branch has no version give way to it. */
  readonly branchBuild: BranchBuild | undefined;
}

/** How a section words a bound project: pure, from what it holds (no request). */
export interface SectionRows {
  /** The section's rows under the project, in order; none while it knows nothing. */
  rows(bound: WorkspaceProject, context: SectionContext): readonly WorkspaceRow[];
  /** The build the checked-out branch is built as, when this section knows one. */
  branchBuild?(bound: WorkspaceProject): BranchBuild | undefined;
  /** Rows for a folder no project is built from, after its "Import this repository…" row. */
  folderRows?(folder: FolderRepository): readonly WorkspaceRow[];
}

/**
 * A feature's part of "This Workspace": its rows under each bound project, read when the projects
 * are bound (or bound again), forgotten on Refresh. The view composes the sections in the order
 * given (`src/extension.ts`); `core/workspace` knows none of them.
 */
export interface WorkspaceSection extends SectionRows {
  /** The bound projects changed (or Refresh): read what the rows need, at no cost when it is held. */
  follow?(projects: readonly WorkspaceProject[], unmatched: readonly FolderRepository[]): void;
  /** Forgets what is held (Refresh); the next `follow` reads again. */
  forget?(): void;
  /** How many held items of these projects want attention (the view's badge: unread errors and warnings). */
  attentionCount?(projects: readonly WorkspaceProject[]): number;
  /** Its rows changed. */
  readonly onDidChange: Event<void>;
}

import type * as vscode from 'vscode';
import { type SettingsSource } from '../core/config';
import { type BuildWatcher } from '../core/builds/watcher';
import { type LiveBuilds } from '../core/builds/liveBuilds';
import { type BuildKnowledge } from '../core/builds/buildRow';
import { type SkippedBuilds } from '../core/builds/skippedBuilds';
import { type NewWarnings } from '../core/logs/newWarnings';
import { type Logger } from '../core/log';
import { type ClientFactory, type Editions } from '../core/editions/editions';
import { type DocsNode } from '../core/tree/nodes';
import { type Edition } from '../core/api/client';
import { type Project } from '../core/models/project';
import { type Version } from '../core/models/version';
import { type BoundProject } from '../core/workspace/boundProject';
import { type ProjectNotices } from '../core/notices/projectNotices';
import { type PrivateDocsGrants } from '../core/sharing/privateDocs';
import { type DocsHost } from '../core/inventory/docsFile';
import { type UploadedVersions } from '../core/upload/uploadedVersions';
import { type TokenStore } from './tokenStore';
import { type ErrorReporter } from './errorReporter';
import { type UiHost } from './ui/ui';

/** What the projects tree offers to commands. */
export interface TreeController {
  /** Reloads the children of a node (by node or id), or everything. Expansion state is kept. */
  refresh(target?: DocsNode | string): void;
  /** Expands the path to the node with that id and selects it, loading what is needed. */
  reveal(id: string): Promise<void>;
  /** The node with that id, if it is loaded. */
  find(id: string): DocsNode | undefined;
  /** True when the row with that id is expanded in the view. */
  isExpanded?(id: string): boolean;
  /** An edition's projects when the tree holds the whole list (no request), else undefined. */
  heldProjects(edition: Edition): readonly Project[] | undefined;
  /** A project's active versions when its loaded Versions folder holds them (unfiltered; no request), else undefined. */
  heldActiveVersions(projectId: string): readonly Version[] | undefined;
}

/** Everything a feature needs, built once in `activate` and handed down. */
export interface Services {
  readonly context: vscode.ExtensionContext;
  readonly logger: Logger;
  readonly settings: SettingsSource;
  readonly editions: Editions;
  readonly tokens: TokenStore;
  readonly makeClient: ClientFactory;
  readonly ui: UiHost;
  readonly reporter: ErrorReporter;
  readonly builds: BuildWatcher;
  /** What the watched builds are doing now, in words (`LiveBuilds.text`). */
  readonly live: LiveBuilds;
  /** Which cancelled builds a project skipped on purpose (exit 183): the watcher's last poll and log documents teach it. */
  readonly skipped: SkippedBuilds;
  /** Each bound branch's latest build against its base build: the warnings it added and fixed (base warnings kept in `globalState`). */
  readonly warnings: NewWarnings;
  /** What every view says of a build beyond its API object (`buildRow` reads it). */
  readonly known: BuildKnowledge;
  readonly tree: TreeController;
  /** The unread notices of projects ("This Workspace" reads them; Dismiss goes through them). */
  readonly notices: ProjectNotices;
  /** Which versions are published by uploads (the API does not say): builds, versions and uploads read and set it. */
  readonly uploaded: UploadedVersions;
  /** The private-docs tokens of Business projects (Private Docs in the Editor): docs-host reads look their URLs up here. */
  readonly grants: PrivateDocsGrants;
  /** What palette commands offer: the workspace's projects first, then the account's. */
  readonly workspaceProjects: WorkspaceProjects;
  /** Reads of docs hosts (files, private pages), each with a private-docs header where its grant allows: built once. */
  readonly docsHost: DocsHost;
}

/** The workspace binding as the palette reads it (set once `activate` built the workspace features). */
export interface WorkspaceProjects {
  /** The projects built from the workspace's folders (starts the binding). */
  bound(): Promise<readonly BoundProject[]>;
  /** Every project of the edition, the list the binding reads (one request, shared; none when it holds it). */
  account(edition: Edition): Promise<readonly Project[]>;
}

/** What the manage commands (and the redirects file's, which write through them) use from the services. */
export type ManageServices = Pick<Services, 'editions' | 'ui' | 'reporter' | 'tree' | 'logger'>;

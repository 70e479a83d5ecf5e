import * as vscode from 'vscode';
import { type Edition, type ReadTheDocsClient } from '../../core/api/client';
import { ValidationError } from '../../core/api/errors';
import { type RepositoryPrefill } from '../../core/commandArgs';
import { type Choice } from '../../core/choices/choice';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../core/choices/languages';
import { DEFAULT_PROGRAMMING_LANGUAGE, PROGRAMMING_LANGUAGES } from '../../core/choices/programmingLanguages';
import {
  type ProjectField, type ProjectSettings, PROJECT_FIELDS, PROJECT_FIELD_LABELS, changedFields, describeSetting,
  projectSettingsOf, projectUpdateOf,
} from '../../core/manage/projectEdit';
import {
  VCS_PROVIDER_CHOICES, describeImported, groupRepositories, importUrlOf, projectNameFromUrl, providerIcon, providerName,
} from '../../core/manage/remoteRepositories';
import { placeServerErrors } from '../../core/manage/serverErrors';
import { type Project } from '../../core/models/project';
import { type RemoteOrganization, type RemoteRepository, type VcsProvider } from '../../core/models/remote';
import { type Team } from '../../core/models/organization';
import {
  parseTags, validateAnalyticsCode, validateDefaultBranch, validateHomepage, validateProjectName, validateRepositoryUrl,
  validateTags,
} from '../../core/validation/projects';
import { projectSlugFromName } from '../../core/validation/slugs';
import { type Labeled, type Step, inputStep, pickManyStep, pickStep, runMultiStep, runSteps, searchStep } from '../ui/multiStep';
import { type PickRow } from '../ui/quickInput';
import { pickSignedInEdition } from '../tree/pickers';
import { type ManageServices } from '../services';
import { resolveProject } from '../tree/pickers';
import { withProgress } from '../ui/progress';
import { type DocsNode, nodeIds } from '../../core/tree/nodes';
import { errorDetail } from '../../core/api/describeError';
import { componentLogger } from '../../core/log';

function choiceItems(choices: readonly Choice[]): Labeled<string>[] {
  return choices.map((c) => ({ label: c.name, description: c.code, detail: c.detail, value: c.code }));
}

// ---------------------------------------------------------------------------------------------
// Import

interface ImportForm {
  repository: RemoteRepository | undefined;
  manual: boolean;
  /** Picking through "Browse by organization": provider, then organization, then repository. */
  browse: boolean;
  provider: VcsProvider | undefined;
  remoteOrganization: RemoteOrganization | undefined;
  url: string;
  name: string;
  /** The person typed the name: choosing another repository no longer replaces it. */
  nameTyped: boolean;
  organization: string | undefined;
  teams: string[];
  language: string;
  programmingLanguage: string;
  tags: string;
}

interface RepositoryItem extends vscode.QuickPickItem {
  readonly repository?: RemoteRepository;
  readonly manual?: true;
  readonly browse?: true;
}

const MANUAL_ITEM: RepositoryItem = {
  label: vscode.l10n.t('$(edit) Enter a repository URL…'),
  detail: vscode.l10n.t('Any public Git repository (https://, http:// or git://)'),
  alwaysShow: true,
  manual: true,
};

function separator(label: string): PickRow<RepositoryItem> {
  return { label, kind: vscode.QuickPickItemKind.Separator };
}

const BROWSE_ITEM: RepositoryItem = {
  label: vscode.l10n.t('$(organization) Browse by organization…'),
  detail: vscode.l10n.t('Pick a provider and one of your organizations there, then its repositories'),
  alwaysShow: true,
  browse: true,
};

function repositoryRows(repositories: readonly RemoteRepository[], edition: Edition): PickRow<RepositoryItem>[] {
  const rows: PickRow<RepositoryItem>[] = [MANUAL_ITEM, BROWSE_ITEM];
  for (const group of groupRepositories(repositories)) {
    rows.push(separator(group.organization ?? vscode.l10n.t('Your repositories')));
    for (const repository of group.repositories) rows.push(repositoryRow(repository, edition));
  }
  return rows;
}

/** A repository to pick; one already imported says as which projects. */
function repositoryRow(repository: RemoteRepository, edition: Edition): RepositoryItem {
  const imported = describeImported(repository);
  return {
    label: `$(${providerIcon(repository.vcsProvider)}) ${repository.fullName}`,
    description: [
      providerName(repository.vcsProvider),
      repository.private ? (edition === 'business' ? 'private' : vscode.l10n.t('private: needs Read the Docs for Business')) : undefined,
      imported && `already ${imported.charAt(0).toLowerCase()}${imported.slice(1)}`,
    ].filter(Boolean).join(' · '),
    detail: repository.description || undefined,
    repository,
  };
}

/** The import form's repository, from a picked row (of the search or of an organization's list). */
function chooseRepository(f: ImportForm, item: RepositoryItem, edition: Edition): void {
  f.manual = item.manual === true;
  f.browse = item.browse === true;
  f.repository = item.repository;
  if (item.repository) f.url = importUrlOf(item.repository, edition) ?? '';
  else if (f.browse) f.url = '';
  if (!f.nameTyped) f.name = item.repository?.name ?? (f.url ? projectNameFromUrl(f.url) : '');
}

/**
 * The "Browse by organization" steps of the import: the provider (`vcs_provider` filter of remote
 * organizations), one of the person's organizations there, then that organization's repositories
 * (already imported ones marked).
 */
function browseSteps(services: ManageServices, client: ReadTheDocsClient, edition: Edition): Step<ImportForm>[] {
  const call = { priority: 'user' as const };
  return [
    pickStep<ImportForm, Labeled<VcsProvider | undefined>>({
      fields: [],
      when: (f) => f.browse,
      placeholder: vscode.l10n.t('Organizations of which provider?'),
      items: () => [
        { label: vscode.l10n.t('All providers'), value: undefined },
        ...VCS_PROVIDER_CHOICES.map((c) => ({ label: c.name, description: c.code, detail: c.detail, value: c.code })),
      ],
      isActive: (item, f) => item.value === f.provider,
      set: (f, item) => {
        if (f.provider !== item.value) f.remoteOrganization = undefined;
        f.provider = item.value;
      },
    }),
    pickStep<ImportForm, Labeled<RemoteOrganization | undefined>>({
      fields: [],
      when: (f) => f.browse,
      placeholder: (f) => (f.provider ? vscode.l10n.t('Which organization on {0} ({1})?', providerName(f.provider), f.provider) : vscode.l10n.t('Which organization?')),
      items: async (f) => {
        const organizations = await client.allItems(client.remote.organizations({ vcsProvider: f.provider }, call), call);
        if (organizations.length === 0) return [{ label: vscode.l10n.t('No organizations here: go back and pick another provider'), value: undefined }];
        return organizations.map((o) => ({
          label: `$(${providerIcon(o.vcsProvider)}) ${o.name}`, description: [o.slug, providerName(o.vcsProvider)].join(' · '), detail: o.url, value: o,
        }));
      },
      isActive: (item, f) => item.value?.pk === f.remoteOrganization?.pk,
      set: (f, item) => { f.remoteOrganization = item.value; },
      matchOnDescription: true,
    }),
    pickStep<ImportForm, RepositoryItem>({
      fields: [],
      when: (f) => f.browse && f.remoteOrganization !== undefined,
      placeholder: (f) => vscode.l10n.t('Which repository of {0}?', f.remoteOrganization?.name ?? ''),
      items: async (f) => {
        const organization = f.remoteOrganization!;
        const repositories = await client.allItems(client.remote.repositories(
          { organization: organization.slug, vcsProvider: organization.vcsProvider }, {}, call,
        ), call);
        services.logger.debug(`import: ${repositories.length} repositories of ${organization.slug}`);
        return repositories.length ? repositories.map((r) => repositoryRow(r, edition)) : [{ ...MANUAL_ITEM, detail: vscode.l10n.t('{0} has no repositories you can import', organization.name) }];
      },
      isActive: (item, f) => !!item.repository && item.repository.pk === f.repository?.pk,
      set: (f, item) => {
        chooseRepository(f, item, edition);
        f.browse = true; // stay on this path when going back
      },
      matchOnDescription: true,
    }),
  ];
}

/**
 * `readthedocs.importProject`: repository (from the person's remote repositories, or a URL), name, language, tags (+ organization and teams on Business).
 * With `{ repositoryUrl }` (a workspace clone's remote) the URL box comes first, filled in.
 */
export async function importProject(services: ManageServices, prefill?: RepositoryPrefill): Promise<Project | undefined> {
  const prefilledUrl = prefill?.repositoryUrl;
  const edition = await pickSignedInEdition(services, vscode.l10n.t('Import into which Read the Docs?'));
  if (!edition) return undefined;
  const client = services.editions.requireClient(edition);
  const business = edition === 'business';
  const organizations = business
    ? await withProgress(vscode.l10n.t('Reading your organizations…'), () => client.allItems(client.organizations.list({ priority: 'user' })))
    : [];
  if (business && organizations.length === 0) {
    void services.ui.current.error(vscode.l10n.t('Importing on Read the Docs for Business needs an organization, and this account has none it can see.'));
    return undefined;
  }
  // Teams of every organization up front (few requests), so the teams step is skipped where there are none.
  // Listing teams is for organization owners: a refusal just means no team to offer.
  const teams = new Map<string, Team[]>(await Promise.all(organizations.map(async (o): Promise<[string, Team[]]> => [
    o.slug, await client.allItems(client.organizations.teams(o.slug, { priority: 'user' })).catch(() => []),
  ])));
  const form: ImportForm = {
    repository: undefined, manual: prefilledUrl !== undefined, browse: false, provider: undefined, remoteOrganization: undefined, url: prefilledUrl ?? '', name: prefilledUrl ? projectNameFromUrl(prefilledUrl) : '', nameTyped: false,
    organization: organizations.length === 1 ? organizations[0]!.slug : undefined, teams: [],
    language: DEFAULT_LANGUAGE, programmingLanguage: DEFAULT_PROGRAMMING_LANGUAGE, tags: '',
  };
  const steps: Step<ImportForm>[] = [
    searchStep<ImportForm, RepositoryItem>({
      // A refused URL of a listed repository brings the person back to the list; a typed one to its box.
      fields: (f) => (f.manual ? [] : ['repository']),
      when: () => prefilledUrl === undefined,
      placeholder: vscode.l10n.t('Pick one of your repositories (type to search by name), or enter a URL'),
      fetch: async (text, signal) => {
        try {
          const page = await client.remote.repositories({ name: text || undefined }, { expand: ['remote_organization'] }, { signal, priority: 'user' });
          return repositoryRows(page.items, edition);
        } catch (error) {
          componentLogger(services.logger, 'manage').debug(`import: remote repositories not listed (${errorDetail(error)})`);
          return [MANUAL_ITEM, separator(vscode.l10n.t('Your connected repositories could not be listed'))];
        }
      },
      describeFailure: (error) => services.reporter.describe(error, { action: vscode.l10n.t('listing your repositories') }),
      set: (f, item) => chooseRepository(f, item, edition),
    }),
    ...browseSteps(services, client, edition),
    inputStep<ImportForm>({
      fields: ['repository'],
      when: (f) => f.manual || !f.url,
      prompt: vscode.l10n.t('Repository URL'),
      placeholder: 'https://github.com/owner/repository.git',
      get: (f) => f.url,
      set: (f, text) => {
        f.url = text.trim();
        if (!f.nameTyped) f.name = projectNameFromUrl(f.url);
      },
      validate: (text) => validateRepositoryUrl(text, edition),
    }),
    inputStep<ImportForm>({
      fields: ['name'],
      prompt: vscode.l10n.t('Project name (its URL slug is made from it and cannot be changed later)'),
      get: (f) => f.name,
      set: (f, text) => {
        if (text.trim() !== f.name) f.nameTyped = true;
        f.name = text.trim();
      },
      validate: (text) => validateProjectName(text)
        ?? { message: `Slug: ${projectSlugFromName(text.trim())}`, severity: vscode.InputBoxValidationSeverity.Info },
    }),
    pickStep<ImportForm, Labeled<string>>({
      fields: ['organization'],
      when: () => business,
      placeholder: vscode.l10n.t('Organization (required on Read the Docs for Business)'),
      items: () => organizations.map((o) => ({ label: o.name, description: o.slug, value: o.slug })),
      isActive: (item, f) => item.value === f.organization,
      set: (f, item) => {
        if (f.organization !== item.value) f.teams = [];
        f.organization = item.value;
      },
    }),
    pickManyStep<ImportForm, Labeled<string>>({
      fields: ['teams'],
      when: (f) => business && (teams.get(f.organization ?? '')?.length ?? 0) > 0,
      placeholder: vscode.l10n.t('Teams that get access (optional)'),
      items: (f) => (teams.get(f.organization!) ?? []).map((t) => ({ label: t.name, description: [t.slug, t.access].filter(Boolean).join(' · '), value: t.slug })),
      isSelected: (item, f) => f.teams.includes(item.value),
      set: (f, items) => { f.teams = items.map((item) => item.value); },
    }),
    pickStep<ImportForm, Labeled<string>>({
      fields: ['language'],
      placeholder: vscode.l10n.t('Language of the documentation'),
      items: () => choiceItems(LANGUAGES),
      isActive: (item, f) => item.value === f.language,
      set: (f, item) => { f.language = item.value; },
      matchOnDescription: true,
    }),
    pickStep<ImportForm, Labeled<string>>({
      fields: ['programming_language'],
      placeholder: vscode.l10n.t('Programming language of the project'),
      items: () => choiceItems(PROGRAMMING_LANGUAGES),
      isActive: (item, f) => item.value === f.programmingLanguage,
      set: (f, item) => { f.programmingLanguage = item.value; },
      matchOnDescription: true,
    }),
    inputStep<ImportForm>({
      fields: ['tags'],
      prompt: vscode.l10n.t('Tags (optional), separated by commas'),
      placeholder: vscode.l10n.t('python, api'),
      get: (f) => f.tags,
      set: (f, text) => { f.tags = text; },
      validate: (text) => validateTags(text),
    }),
  ];
  const project = await runMultiStep(services.ui, {
    title: vscode.l10n.t('Import Project'),
    steps,
    state: form,
    submit: (f) => withProgress(vscode.l10n.t('Importing {0}…', f.name), () => client.projects.create({
      name: f.name,
      repositoryUrl: f.url,
      language: f.language,
      programmingLanguage: f.programmingLanguage,
      tags: parseTags(f.tags),
      organization: business ? f.organization : undefined,
      teams: business && f.teams.length ? f.teams : undefined,
    }, { priority: 'user' })),
  });
  if (!project) return undefined;
  const parentId = nodeIds.projectParent(edition, project.slug, business ? form.organization : undefined, (id) => services.tree.find(id) !== undefined);
  await services.tree.reveal(nodeIds.project(parentId, project.slug));
  void services.ui.current.info(vscode.l10n.t('Imported {0} ({1}); its first build has started.', project.name, project.slug));
  return project;
}

// ---------------------------------------------------------------------------------------------
// Edit

type EditState = { -readonly [K in ProjectField]?: ProjectSettings[K] };

interface FieldItem extends vscode.QuickPickItem {
  readonly field?: ProjectField;
  readonly save?: true;
}

/**
 * `readthedocs.editProject`: a pick of the settable fields (current values shown), each edited
 * with the input it needs; "Save" sends a PATCH with only what changed, then the project is
 * read again. A refused field is opened again with the server's words and the typed value.
 */
export async function editProject(services: ManageServices, node?: DocsNode): Promise<Project | undefined> {
  const target = await resolveProject(services, node, vscode.l10n.t('Edit which project?'));
  if (!target) return undefined;
  const { client, projectSlug: slug, edition } = target;
  const project = await withProgress(vscode.l10n.t('Reading {0}…', slug), () => client.projects.get(slug, {}, { priority: 'user' }));
  const original = projectSettingsOf(project);
  const edited: EditState = { ...original };
  let errors = new Map<ProjectField, string>();
  let versions: Promise<string[]> | undefined;
  const versionSlugs = () => {
    versions ??= client.allItems(client.versions.list(slug, { active: true }, { priority: 'user' })).then((list) => list.map((v) => v.slug));
    return versions;
  };
  const title = vscode.l10n.t('Edit {0}', project.name);
  let open: ProjectField | undefined;
  for (;;) {
    if (open === undefined) {
      const changed = changedFields(original, edited);
      const items: FieldItem[] = [
        ...(changed.length ? [{
          label: changed.length === 1 ? vscode.l10n.t('$(check) Save 1 change') : vscode.l10n.t('$(check) Save {0} changes', changed.length),
          description: changed.map((f) => PROJECT_FIELD_LABELS[f]).join(', '),
          detail: changed.includes('tags') ? vscode.l10n.t('Tags replace the whole list.') : undefined,
          save: true as const,
        }] : []),
        ...PROJECT_FIELDS.map((field): FieldItem => ({
          label: `${changed.includes(field) ? '$(circle-filled) ' : ''}${PROJECT_FIELD_LABELS[field]}`,
          description: describeSetting(field, edited[field]),
          detail: errors.has(field) ? `$(error) ${errors.get(field)}` : field === 'tags' ? vscode.l10n.t('Tags replace the whole list.') : undefined,
          field,
        })),
      ];
      const picked = await services.ui.current.quickPick(items, { title, placeHolder: vscode.l10n.t('Change which setting? Save sends only what you changed.'), matchOnDescription: true });
      if (!picked) {
        if (changed.length === 0) return undefined;
        const discard = await services.ui.current.confirm(vscode.l10n.t('Discard your changes to {0}?', slug), vscode.l10n.t('Nothing has been sent: {0}.', changed.map((f) => PROJECT_FIELD_LABELS[f]).join(', ')), vscode.l10n.t('Discard'));
        if (discard) return undefined;
        continue;
      }
      if (picked.save) {
        const update = projectUpdateOf(original, edited);
        try {
          await withProgress(vscode.l10n.t('Saving {0}…', slug), () => client.projects.update(slug, update, { priority: 'user' }));
        } catch (error) {
          if (!(error instanceof ValidationError)) throw error;
          const placed = placeServerErrors(PROJECT_FIELDS.map((f) => [f]), error);
          errors = new Map([...placed.byStep].map(([index, message]) => [PROJECT_FIELDS[index]!, message]));
          if (placed.unplaced.length) void services.ui.current.error(vscode.l10n.t('Read the Docs refused the change: {0}', placed.unplaced.join(' ')));
          open = PROJECT_FIELDS.find((f) => errors.has(f));
          continue;
        }
        const saved = await withProgress(vscode.l10n.t('Reading {0}…', slug), () => client.projects.get(slug, {}, { priority: 'user' }));
        const fields = changedFields(original, edited).map((f) => PROJECT_FIELD_LABELS[f]).join(', ');
        void services.ui.current.info(Object.keys(update).length === 1 ? vscode.l10n.t('Saved one setting of {0}: {1}.', slug, fields) : vscode.l10n.t('Saved {0} settings of {1}: {2}.', Object.keys(update).length, slug, fields));
        return saved;
      }
      open = picked.field;
    }
    const field = open!;
    open = undefined;
    const message = errors.get(field);
    const step = fieldStep(field, edition, versionSlugs);
    const before = edited[field];
    if (await runSteps(services.ui, `${title}: ${PROJECT_FIELD_LABELS[field]}`, [step], edited, message === undefined ? undefined : new Map([[0, message]]))) {
      if (edited[field] !== before) errors.delete(field);
    }
  }
}

function yesNo(field: ProjectField, yes: string, no: string): Step<EditState> {
  return pickStep<EditState, Labeled<boolean>>({
    fields: [field],
    placeholder: PROJECT_FIELD_LABELS[field],
    items: () => [{ label: vscode.l10n.t('Yes'), detail: yes, value: true }, { label: vscode.l10n.t('No'), detail: no, value: false }],
    isActive: (item, s) => item.value === s[field],
    set: (s, item) => { (s as Record<string, unknown>)[field] = item.value; },
  });
}

function textStep(field: 'name' | 'repository' | 'homepage' | 'default_branch' | 'analytics_code', prompt: string, validate: (text: string) => string | undefined): Step<EditState> {
  return inputStep<EditState>({
    fields: [field],
    prompt,
    get: (s) => s[field] ?? '',
    set: (s, text) => { s[field] = text.trim(); },
    validate,
  });
}

/** The input for one field of "Edit Project". */
function fieldStep(field: ProjectField, edition: Edition, versionSlugs: () => Promise<string[]>): Step<EditState> {
  switch (field) {
    case 'name':
      return textStep('name', vscode.l10n.t('Project name (the slug stays the same)'), validateProjectName);
    case 'repository':
      return textStep('repository', vscode.l10n.t('Repository URL'), (text) => validateRepositoryUrl(text, edition));
    case 'homepage':
      return textStep('homepage', vscode.l10n.t('Homepage URL (empty for none)'), validateHomepage);
    case 'default_branch':
      return textStep('default_branch', vscode.l10n.t('Default branch: what the "latest" version builds'), validateDefaultBranch);
    case 'analytics_code':
      return textStep('analytics_code', vscode.l10n.t('Google Analytics code (empty for none)'), validateAnalyticsCode);
    case 'language':
    case 'programming_language':
      return pickStep<EditState, Labeled<string>>({
        fields: [field],
        placeholder: PROJECT_FIELD_LABELS[field],
        items: () => choiceItems(field === 'language' ? LANGUAGES : PROGRAMMING_LANGUAGES),
        isActive: (item, s) => item.value === s[field],
        set: (s, item) => { s[field] = item.value; },
        matchOnDescription: true,
      });
    case 'tags':
      return inputStep<EditState>({
        fields: ['tags'],
        prompt: vscode.l10n.t('Tags, separated by commas. These replace the whole list: keep every tag you want.'),
        get: (s) => (s.tags ?? []).join(', '),
        set: (s, text) => { s.tags = parseTags(text); },
        validate: validateTags,
      });
    case 'default_version':
      return pickStep<EditState, Labeled<string>>({
        fields: ['default_version'],
        placeholder: vscode.l10n.t('Default version: where the docs root goes (active versions)'),
        items: async () => (await versionSlugs()).map((slug) => ({ label: slug, value: slug })),
        isActive: (item, s) => item.value === s.default_version,
        set: (s, item) => { s.default_version = item.value; },
      });
    case 'analytics_disabled':
      return yesNo('analytics_disabled', vscode.l10n.t('No page views are counted for this project.'), vscode.l10n.t('Read the Docs counts page views.'));
    case 'single_version':
      return yesNo('single_version', vscode.l10n.t('Docs at the root, without /<language>/<version>/ (deprecated in favour of the versioning scheme).'), vscode.l10n.t('Docs under /<language>/<version>/.'));
    case 'external_builds_enabled':
      return yesNo('external_builds_enabled', vscode.l10n.t('Build a preview for every pull request.'), vscode.l10n.t('Pull requests are not built.'));
  }
}

import * as vscode from 'vscode';
import { type ReadTheDocsClient } from '../../core/api/client';
import { type Version } from '../../core/models/version';
import { type VersionChoice } from '../../core/sharing/renewal';
import { type VersionItem, versionItem } from '../builds/pickers';
import { type Labeled, type Step, pickManyStep, pickStep, runSteps } from '../ui/multiStep';
import { withProgress } from '../ui/progress';
import { type UiHost } from '../ui/ui';

/** The versions a sharing method opens, as a multi-step form holds them. */
export interface VersionForm {
  allowAll: boolean;
  versions: string[];
}

/** The questions, which say what the versions are for (a link for a colleague, the editor). */
export interface VersionQuestions {
  readonly which: string;
  readonly pick: string;
}

/**
 * The one picker of a sharing method's versions: "All versions" (every private version, present
 * and future) or "Pick Versions…", then the project's private active versions (one list read,
 * with progress; none: said, and back to the first question). Two steps of a multi-step form, so
 * Back and a server refusal of `versions` come back to them (Create Sharing Link…), or on their
 * own (`pickPrivateVersions`, Private Docs in the Editor).
 */
export function privateVersionSteps<F extends VersionForm>(client: ReadTheDocsClient, slug: string, questions: VersionQuestions): Step<F>[] {
  let loaded: Promise<Version[]> | undefined;
  const load = () => (loaded ??= withProgress(vscode.l10n.t('Reading the versions of {0}…', slug),
    () => client.allItems(client.versions.list(slug, { privacyLevel: 'private', active: true }, { priority: 'user' }))).catch((error: unknown) => {
    loaded = undefined;
    throw error;
  }));
  const which = pickStep<F, Labeled<boolean>>({
    fields: ['allow_all'],
    placeholder: questions.which,
    items: () => [
      { label: vscode.l10n.t('All versions'), detail: vscode.l10n.t('Every private version of {0}, present and future.', slug), value: true },
      { label: vscode.l10n.t('Pick Versions…'), detail: vscode.l10n.t('Only the private versions you choose.'), value: false },
    ],
    isActive: (item, form) => item.value === form.allowAll,
    set: (form, item) => { form.allowAll = item.value; },
  });
  const pick = pickManyStep<F, VersionItem>({
    fields: ['versions'],
    placeholder: questions.pick,
    items: async () => (await load()).map((version) => versionItem(version)),
    isSelected: (item, form) => form.versions.includes(item.version.slug),
    set: (form, items) => { form.versions = items.map((item) => item.version.slug); },
  });
  const versions: Step<F> = {
    fields: ['versions'],
    when: (form) => !form.allowAll,
    async show(form, context) {
      if ((await load()).length === 0) {
        void context.ui.current.info(vscode.l10n.t('{0} has no private active versions.', slug));
        return 'back';
      }
      return pick.show(form, context);
    },
  };
  return [which, versions];
}

/** The choice of `form`: all versions, or the picked ones. */
export function versionChoiceOf(form: VersionForm): VersionChoice {
  return form.allowAll ? { allowAll: true } : { allowAll: false, versions: form.versions };
}

/** `privateVersionSteps` on their own: the choice, or undefined when dismissed or no version was picked. */
export async function pickPrivateVersions(ui: UiHost, client: ReadTheDocsClient, slug: string, title: string, questions: VersionQuestions): Promise<VersionChoice | undefined> {
  const form: VersionForm = { allowAll: true, versions: [] };
  if (!await runSteps(ui, title, privateVersionSteps(client, slug, questions), form)) return undefined;
  return form.allowAll || form.versions.length > 0 ? versionChoiceOf(form) : undefined;
}

/**
 * What an untrusted folder may steer (DESIGN.md section 10). In Restricted Mode a folder's files
 * (`conf.py`, `mkdocs.yml`, `.readthedocs.yaml`, the redirects file) and its workspace settings
 * choose no host to fetch from, no file to write (nor a draft of one) and no write to the server:
 * named inventories are not fetched (`InventorySources`), and the actions below are refused with a
 * sentence that says why. Reading from the person's own server (the explorer, builds, logs,
 * docs-link hovers, previews) is not steered by the folder and keeps working.
 */
import { l10n } from '../l10n';

/** The actions a folder's files and settings would steer. */
export type FolderSteeredAction = 'exportRedirects' | 'applyRedirects' | 'renameOffer' | 'deletedPageRedirect' | 'createConfig' | 'uploadBuild' | 'uploadWorkflow';

/** VS Code's command that opens the workspace trust editor. */
export const MANAGE_TRUST_COMMAND = 'workbench.trust.manage';

export interface Refusal {
  readonly message: string;
  /** The button that opens the workspace trust editor (`MANAGE_TRUST_COMMAND`). */
  readonly manageTrust: string;
}

/** Why `action` is refused in this folder, or undefined when the folder is trusted. */
export function restrictedModeRefusal(action: FolderSteeredAction, trusted: boolean): Refusal | undefined {
  if (trusted) return undefined;
  return { message: refusalMessage(action), manageTrust: l10n.t('Manage Workspace Trust') };
}

function refusalMessage(action: FolderSteeredAction): string {
  switch (action) {
    case 'exportRedirects':
      return l10n.t('Export Redirects writes the file this folder\'s settings name, so it is off in Restricted Mode. Trust the folder to export.');
    case 'applyRedirects':
      return l10n.t('Apply Redirects File sends this folder\'s redirects file to Read the Docs, so it is off in Restricted Mode. Trust the folder to apply it.');
    case 'renameOffer':
      return l10n.t('A documentation page moved. Redirects for moved pages are not offered in Restricted Mode: this folder is not trusted.');
    case 'deletedPageRedirect':
      return l10n.t('Add a Redirect writes this folder\'s redirects file, so it is off in Restricted Mode. Trust the folder to add the redirect.');
    case 'createConfig':
      return l10n.t('Create .readthedocs.yaml makes a file from what this folder holds, so it is off in Restricted Mode. Trust the folder to create it.');
    case 'uploadBuild':
      return l10n.t('Upload Local Build reads this folder\'s files and sends them to Read the Docs, so it is off in Restricted Mode. Trust the folder to upload.');
    case 'uploadWorkflow':
      return l10n.t('Create Upload Workflow makes a file from what this folder holds, so it is off in Restricted Mode. Trust the folder to create it.');
  }
}

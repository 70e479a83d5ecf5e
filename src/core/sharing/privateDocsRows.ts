import { CommandIds } from '../commandIds';
import { l10n } from '../l10n';
import { type WorkspaceSection } from '../workspace/section';
import { type PrivateDocsGrants } from './privateDocs';

/**
 * The "Private Docs in the Editor" row of a bound Business project: on (until when) or off, a click
 * enables them (again). Community projects have no row. Pure: reads the grants held, no request.
 */
export function privateDocsSection(grants: Pick<PrivateDocsGrants, 'get' | 'onDidChange'>): WorkspaceSection {
  return {
    rows: (bound, { parentId }) => {
      if (bound.edition !== 'business') return [];
      const grant = grants.get(bound.edition, bound.project.slug);
      const ref = { edition: bound.edition, projectSlug: bound.project.slug };
      return [{
        id: `${parentId}/privateDocs`,
        label: l10n.t('Private Docs in the Editor'),
        description: !grant ? l10n.t('off') : grant.expires ? l10n.t('on, renewed before {0}', grant.expires) : l10n.t('on (a token you pasted)'),
        tooltip: grant
          ? l10n.t('Hovers, completion and previews read the private versions of {0} with a sharing token kept in this editor\'s secret storage. Click to enable them again.', bound.project.slug)
          : l10n.t('Private versions of {0} are not readable in the editor. Click to create a header token for them (admins) or paste one an admin gave you.', bound.project.slug),
        icon: { id: grant ? 'unlock' : 'lock' },
        action: { kind: 'command', command: CommandIds.enablePrivateDocs, args: [ref] },
      }];
    },
    onDidChange: (listener) => grants.onDidChange(() => listener()),
  };
}

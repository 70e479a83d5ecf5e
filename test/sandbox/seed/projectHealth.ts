// Project health: the project notifications of FACTS §16 on widgets, and the configuration error
// of a failed build (a `config:validation:invalid-choice` naming `build.tools.python`).

import type { BuildMessage } from '../builds';
import type { SandboxDb } from '../db';

export const CONFIG_INVALID_CHOICE: BuildMessage = {
  messageId: 'config:validation:invalid-choice',
  header: 'Invalid configuration option',
  body: 'Config validation error in <code>build.tools.python</code>. Expected one of (2.7, 3, 3.6, 3.7, 3.8, 3.9, 3.10, 3.11, 3.12, 3.13, latest), got type str (3.99).',
  type: 'error',
};

/** Unread notices of widgets (an error, a dismissable warning, a dismissable info) and a read one. */
export function addProjectNotices(db: SandboxDb): void {
  db.addProjectNotification({
    project: 'widgets', messageId: 'project:builds:disabled-due-to-consecutive-failures', type: 'error', dismissable: false,
    header: 'Builds disabled due to consecutive failures',
    body: 'Your project has been disabled due to 25 consecutive failed builds of the default version. '
      + 'After fixing the cause, <a href="https://readthedocs.org/dashboard/widgets/edit/">re-enable builds</a> in the project settings.',
  });
  db.addProjectNotification({
    project: 'widgets', messageId: 'project:webhooks:deprecated', type: 'warning', dismissable: true,
    header: 'Incoming webhook deprecated',
    body: 'This project uses a deprecated incoming webhook. <strong>Migrate</strong> to the <a href="https://docs.readthedocs.io/page/guides/setup/git-repo-automatic.html">GitHub App</a>.',
  });
  db.addProjectNotification({
    project: 'widgets', messageId: 'project:search:indexing-disabled', type: 'info', dismissable: true,
    header: 'Search indexing disabled',
    body: 'Search indexing is disabled for this project: its pages are not indexed.',
  });
  const read = db.addProjectNotification({
    project: 'widgets', messageId: 'project:ssh-key-with-write-access', type: 'warning', dismissable: true,
    header: 'SSH key with write access', body: 'An SSH key of this project has write access to the repository.',
  });
  read.state = 'read';
  db.addProjectNotification({
    project: 'others-project', messageId: 'project:webhooks:deprecated', type: 'warning', dismissable: true,
    header: 'Incoming webhook deprecated', body: 'Only the maintainers of others-project see this.',
  });
}

import * as assert from 'node:assert/strict';
import { type FolderSteeredAction, restrictedModeRefusal } from '../../../src/core/workspace/folderTrust';

const ACTIONS: FolderSteeredAction[] = ['exportRedirects', 'applyRedirects', 'renameOffer', 'deletedPageRedirect', 'createConfig', 'uploadBuild', 'uploadWorkflow'];

describe('folder trust: what an untrusted folder may steer', () => {
  it('a trusted folder steers every action', () => {
    for (const action of ACTIONS) assert.equal(restrictedModeRefusal(action, true), undefined, action);
  });

  it('an untrusted folder steers none: each refusal says Restricted Mode and offers to manage trust', () => {
    for (const action of ACTIONS) {
      const refusal = restrictedModeRefusal(action, false);
      assert.ok(refusal, action);
      assert.match(refusal.message, /Restricted Mode/);
      assert.equal(refusal.manageTrust, 'Manage Workspace Trust');
    }
    assert.match(restrictedModeRefusal('exportRedirects', false)!.message, /^Export Redirects writes the file/);
    assert.match(restrictedModeRefusal('applyRedirects', false)!.message, /^Apply Redirects File sends/);
    assert.match(restrictedModeRefusal('uploadBuild', false)!.message, /^Upload Local Build reads this folder's files and sends them/);
  });

  it('Create .readthedocs.yaml: a draft made from an untrusted folder\'s files is refused, with the reason and Manage Workspace Trust', () => {
    assert.equal(restrictedModeRefusal('createConfig', true), undefined);
    const refusal = restrictedModeRefusal('createConfig', false);
    assert.equal(refusal?.message, 'Create .readthedocs.yaml makes a file from what this folder holds, so it is off in Restricted Mode. Trust the folder to create it.');
    assert.equal(refusal.manageTrust, 'Manage Workspace Trust');
  });
});

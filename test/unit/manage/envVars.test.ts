import * as assert from 'node:assert/strict';
import { envVarFieldOfMessage, publicWarning, replaceConfirmation, takenNames } from '../../../src/core/manage/envVars';

describe('manage/envVars', () => {
  it('puts the total-size refusal on the value step', () => {
    assert.equal(envVarFieldOfMessage('The total size of all environment variables in the project cannot exceed 256 KB.'), 'value');
    assert.equal(envVarFieldOfMessage('Something unrelated.'), undefined);
  });

  it('lists each existing name once (the API allows duplicates)', () => {
    assert.deepEqual(takenNames([{ name: 'A' }, { name: 'B' }, { name: 'A' }]), ['A', 'B']);
  });

  it('warns that public values reach pull-request builds', () => {
    assert.match(publicWarning(), /pull-request builds/);
  });

  it('explains the order of "Replace value…" and that a refusal keeps the old variable', () => {
    const { message, detail } = replaceConfirmation('API_KEY', 'widgets');
    assert.match(message, /API_KEY/);
    assert.match(message, /widgets/);
    assert.match(detail, /creates a new API_KEY .* first/);
    assert.match(detail, /deletes the old one only when that worked/);
    assert.match(detail, /old variable stays/);
  });
});

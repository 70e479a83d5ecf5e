import * as assert from 'node:assert/strict';
import { validateEnvVarName, validateEnvVarValue } from '../../../src/core/validation/envVars';
import { validatorCases } from './caseTable';

const existing = ['API_KEY', 'Mixed_Case'];

describe('validation/envVars', () => {
  describe('validateEnvVarName', () => {
    validatorCases(validateEnvVarName, [
      ['upper case with underscores', ['MY_SETTING', existing], undefined],
      ['lower case and digits', ['token2', existing], undefined],
      ['a leading digit (the dashboard allows it)', ['1ST', existing], undefined],
      ['a single underscore prefix', ['_PRIVATE', existing], undefined],
      ['_READTHEDOCS (the rule is a prefix)', ['_READTHEDOCS', existing], undefined],
      ['MY_READTHEDOCS', ['MY_READTHEDOCS', existing], undefined],
      ['lower-case readthedocs_x (the dashboard rule is case-sensitive)', ['readthedocs_x', existing], undefined],
      ['Readthedocs_x', ['Readthedocs_x', existing], undefined],
      ['128 characters', ['A'.repeat(128), existing], undefined],
      ['a case variant of an existing name', ['api_key', existing], undefined],
      ['an empty name', ['', existing], /Enter a name/],
      ['a double underscore prefix', ['__X', existing], /can't start with __/],
      ['a lower-case double underscore prefix', ['__x', existing], /can't start with __/],
      ['only underscores', ['__', existing], /can't start with __/],
      ['READTHEDOCS', ['READTHEDOCS', existing], /can't start with READTHEDOCS/],
      ['READTHEDOCS_X', ['READTHEDOCS_X', existing], /can't start with READTHEDOCS/],
      ['READTHEDOCSX', ['READTHEDOCSX', existing], /can't start with READTHEDOCS/],
      ['a space', ['MY VAR', existing], /can't contain spaces/],
      ['a trailing space', ['MY_VAR ', existing], /can't contain spaces/],
      ['a tab', ['MY\tVAR', existing], /can't contain spaces/],
      ['a hyphen', ['MY-VAR', existing], /Only letters, numbers and underscore/],
      ['a dot', ['my.var', existing], /Only letters/],
      ['a star', ['INVALID_CHAR*', existing], /Only letters/],
      ['a non-ASCII letter', ['CAFÉ', existing], /Only letters/],
      ['129 characters', ['A'.repeat(129), existing], /at most 128 characters.*129/],
      ['a duplicate, naming it', ['API_KEY', existing], /already a variable named API_KEY/],
      ['a duplicate with mixed case', ['Mixed_Case', existing], /Mixed_Case/],
    ]);

    it('accepts any valid name when the project has no variables', () => {
      assert.equal(validateEnvVarName('API_KEY', []), undefined);
    });
  });

  describe('validateEnvVarValue', () => {
    validatorCases(validateEnvVarValue, [
      ['a short value', ['secret'], undefined],
      ['a value with spaces and symbols', ['a b $c "d"'], undefined],
      ['48000 characters', ['v'.repeat(48000)], undefined],
      ['48000 code points of an astral character', ['😀'.repeat(48000)], undefined],
      ['an empty value', [''], /Enter a value/],
      ['only whitespace (the server strips it to nothing)', ['  \n '], /Enter a value/],
      ['48001 characters', ['v'.repeat(48001)], /at most 48000 characters.*48001/],
    ]);

    it('never repeats the value in its message', () => {
      const message = validateEnvVarValue(`secret-${'x'.repeat(48000)}`);
      assert.ok(message && !message.includes('secret'));
    });
  });
});

import * as assert from 'node:assert/strict';
import { explainChildRefusal, explainParentRefusal, subprojectCandidates, subprojectFieldOfMessage } from '../../../src/core/manage/subprojects';
import { type Project, parseProject, parseSubproject } from '../../../src/core/models/project';

const project = (slug: string, extra: Record<string, unknown> = {}): Project => parseProject({ id: slug.length, slug, name: slug, ...extra });

describe('manage/subprojects', () => {
  it('offers the other projects that can be children', () => {
    const projects = [
      project('widgets'),
      project('widgets-api', { subproject_of: { slug: 'widgets' } }),
      project('widgets-fr', { translation_of: { slug: 'widgets' } }),
      project('gadget-docs'),
      project('other-child', { subproject_of: { slug: 'elsewhere' } }),
    ];
    const existing = [parseSubproject({ alias: 'api', child: { id: 9, slug: 'widgets-api', name: 'Widgets API' } })];
    assert.deepEqual(subprojectCandidates('widgets', projects, existing).map((p) => p.slug), ['gadget-docs']);
  });

  it('puts alias refusals that name no field on the alias step', () => {
    assert.equal(subprojectFieldOfMessage("Aliases can't contain slashes."), 'alias');
    assert.equal(subprojectFieldOfMessage('Subproject nesting is not supported'), undefined);
  });

  it('explains a refused child in plain words (business adds the organization rule)', () => {
    const community = explainChildRefusal('gadget-docs', 'Project with slug=gadget-docs is not valid as subproject', 'community');
    assert.match(community, /^gadget-docs cannot be a subproject here: Project with slug=gadget-docs is not valid as subproject\./);
    assert.match(community, /you maintain/);
    assert.doesNotMatch(community, /organization/);
    assert.match(explainChildRefusal('x', 'nope', 'business'), /same organization/);
  });

  it('explains the nesting refusal', () => {
    assert.match(explainParentRefusal('widgets-api', 'Subproject nesting is not supported'), /widgets-api is itself a subproject/);
    assert.equal(explainParentRefusal('p', 'Other.'), 'Read the Docs refused: Other.');
  });
});

import { type Page } from '../../models/page';
import { type Subproject, parseSubproject } from '../../models/project';
import { dropUndefined } from '../../util/objects';
import { aliasPath, apiPath } from '../paths';
import { type CallOptions, Requests } from '../requests';

export class SubprojectsApi {
  constructor(private readonly requests: Requests) {}

  list(project: string, options?: CallOptions): Promise<Page<Subproject>> {
    return this.requests.page(apiPath('projects', project, 'subprojects'), {}, parseSubproject, options);
  }

  get(project: string, alias: string, options?: CallOptions): Promise<Subproject> {
    return this.requests.get(`${apiPath('projects', project, 'subprojects')}${aliasPath(alias)}/`, {}, parseSubproject, options);
  }

  /** Without an alias the server uses the child's slug. */
  create(project: string, child: string, alias?: string, options?: CallOptions): Promise<Subproject> {
    return this.requests.write('POST', apiPath('projects', project, 'subprojects'), dropUndefined({ child, alias }), parseSubproject, options);
  }

  delete(project: string, alias: string, options?: CallOptions): Promise<void> {
    return this.requests.write('DELETE', `${apiPath('projects', project, 'subprojects')}${aliasPath(alias)}/`, undefined, undefined, options);
  }
}

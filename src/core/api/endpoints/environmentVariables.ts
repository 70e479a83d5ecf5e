import { type EnvironmentVariable, type EnvironmentVariableInput, parseEnvironmentVariable } from '../../models/environmentVariable';
import { type Page } from '../../models/page';
import { apiPath } from '../paths';
import { type CallOptions, Requests } from '../requests';

/** There is no update: to change a value, create the new one and delete the old. */
export class EnvironmentVariablesApi {
  constructor(private readonly requests: Requests) {}

  list(project: string, options?: CallOptions): Promise<Page<EnvironmentVariable>> {
    return this.requests.page(apiPath('projects', project, 'environmentvariables'), {}, parseEnvironmentVariable, options);
  }

  get(project: string, pk: number, options?: CallOptions): Promise<EnvironmentVariable> {
    return this.requests.get(apiPath('projects', project, 'environmentvariables', pk), {}, parseEnvironmentVariable, options);
  }

  create(project: string, variable: EnvironmentVariableInput, options?: CallOptions): Promise<EnvironmentVariable> {
    return this.requests.write('POST', apiPath('projects', project, 'environmentvariables'), { ...variable }, parseEnvironmentVariable, options);
  }

  delete(project: string, pk: number, options?: CallOptions): Promise<void> {
    return this.requests.write('DELETE', apiPath('projects', project, 'environmentvariables', pk), undefined, undefined, options);
  }
}

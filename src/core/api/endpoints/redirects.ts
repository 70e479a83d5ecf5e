import { type Page } from '../../models/page';
import { type Redirect, type RedirectInput, parseRedirect, redirectBody } from '../../models/redirect';
import { apiPath } from '../paths';
import { type CallOptions, Requests } from '../requests';

export class RedirectsApi {
  constructor(private readonly requests: Requests) {}

  list(project: string, options?: CallOptions): Promise<Page<Redirect>> {
    return this.requests.page(apiPath('projects', project, 'redirects'), {}, parseRedirect, options);
  }

  get(project: string, pk: number, options?: CallOptions): Promise<Redirect> {
    return this.requests.get(apiPath('projects', project, 'redirects', pk), {}, parseRedirect, options);
  }

  create(project: string, redirect: RedirectInput, options?: CallOptions): Promise<Redirect> {
    return this.requests.write('POST', apiPath('projects', project, 'redirects'), redirectBody(redirect), parseRedirect, options);
  }

  /** PUT: the whole object; the server answers 200 with it. */
  replace(project: string, pk: number, redirect: RedirectInput, options?: CallOptions): Promise<Redirect> {
    return this.requests.write('PUT', apiPath('projects', project, 'redirects', pk), redirectBody(redirect), parseRedirect, options);
  }

  /** PATCH: only the given fields (e.g. `{enabled: false}`). */
  update(project: string, pk: number, changes: Partial<RedirectInput>, options?: CallOptions): Promise<Redirect> {
    return this.requests.write('PATCH', apiPath('projects', project, 'redirects', pk), redirectBody(changes as RedirectInput), parseRedirect, options);
  }

  delete(project: string, pk: number, options?: CallOptions): Promise<void> {
    return this.requests.write('DELETE', apiPath('projects', project, 'redirects', pk), undefined, undefined, options);
  }

  /** DRF metadata of the list endpoint; its `actions.POST.type.choices` lists the types this server accepts. */
  async metadata(project: string, options?: CallOptions): Promise<unknown> {
    const response = await this.requests.transport.send({ method: 'OPTIONS', path: apiPath('projects', project, 'redirects'), ...options });
    return response.body;
  }
}

import { api } from '@canteiro/shared/core';
import type { DeactivationImpact } from '@canteiro/shared/domain';

/** A page of a list, as every list endpoint answers (ARCHITECTURE.md §4). */
export interface Page<Item> {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
}

export interface ListQuery {
  search: string;
  page: number;
  pageSize: number;
  includeInactive: boolean;
  /** A sort key of the list (server: `sort`/`order`); absent is the list's default order. */
  sort?: string;
  order?: 'asc' | 'desc';
  filters?: Record<string, string | number | undefined>;
}

export interface Option {
  id: number;
  name: string;
}

function searchParams(query: Partial<ListQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.page) params.set('page', String(query.page));
  if (query.pageSize) params.set('pageSize', String(query.pageSize));
  if (query.includeInactive) params.set('includeInactive', 'true');
  if (query.sort) {
    params.set('sort', query.sort);
    params.set('order', query.order ?? 'asc');
  }
  for (const [key, value] of Object.entries(query.filters ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params;
}

/** The calls of one resource: list, create, edit, status, options, export. */
export function resourceApi<Item>(endpoint: string) {
  return {
    list: (query: ListQuery, signal?: AbortSignal) =>
      api.get(endpoint, { searchParams: searchParams(query), signal }).json<Page<Item>>(),
    create: (input: Record<string, unknown>) => api.post(endpoint, { json: input }).json<Item>(),
    update: (id: number, input: Record<string, unknown>) => api.put(`${endpoint}/${id}`, { json: input }).json<Item>(),
    /** A row's own action: `<method> /api/<endpoint>/<id>/<path>` (an activity's finish). */
    action: (id: number, call: { method: 'post' | 'put' | 'patch'; path: string }) =>
      api[call.method](`${endpoint}/${id}/${call.path}`).json<Item>(),
    /** PATCH /:id/status (the API's route; the kit calls it the row's activeness). */
    /** What deactivating the record would hide (nothing is written). */
    deactivationImpact: (id: number) => api.get(`${endpoint}/${id}/deactivation-impact`).json<DeactivationImpact>(),
    setActiveness: (id: number, isActive: boolean) =>
      api.patch(`${endpoint}/${id}/status`, { json: { isActive } }).json<Item>(),
    /** A file (multipart field `file`) to `/api/<endpoint>/<id>/<path>`. */
    upload: (id: number, path: string, file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return api.post(`${endpoint}/${id}/${path}`, { body, timeout: false }).json<unknown>();
    },
    options: (params: Record<string, string | number | undefined>, signal?: AbortSignal) =>
      api.get(`${endpoint}/options`, { searchParams: searchParams({ filters: params }), signal }).json<Option[]>(),
    /** Every row matching the list's filters (not only the page), as a file. */
    export: async (format: 'csv' | 'xlsx', query: Partial<Omit<ListQuery, 'page' | 'pageSize'>>) => {
      const params = searchParams(query);
      params.set('format', format);
      const response = await api.get(`${endpoint}/export`, { searchParams: params, timeout: false });
      const disposition = response.headers.get('content-disposition') ?? '';
      const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `${endpoint}.${format}`;
      return { blob: await response.blob(), filename };
    },
  };
}

/** Hands a downloaded file to the browser. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The member import's calls; answers as values, like the rest of the HTTP client. */
import { download, http } from '../../common/http.ts';
import type { MemberImport } from '../../dataProvider/types.ts';

export type ImportAction = 'skip' | 'update' | 'fill' | 'create';

/** The limits the server applies (server/domain/member-import.ts), shown on the page. */
export const IMPORT_LIMITS = { mb: 20, rows: '50 000' } as const;

export const importApi = {
  upload(file: File) {
    const form = new FormData();
    form.append('file', file, file.name);
    return http.post<{ data: MemberImport }>('/api/member/import', form);
  },
  get: (id: number | string) => http.get<{ data: MemberImport }>(`/api/member/import/${id}`),
  change: (id: number, body: { mapping?: Record<string, string | null>; decisions?: { row: number; action: ImportAction }[]; default_action?: ImportAction | null }) =>
    http.patch<{ data: MemberImport }>(`/api/member/import/${id}`, body),
  commit: (id: number, sendWelcome: boolean) => http.post<{ data: MemberImport }>(`/api/member/import/${id}/commit`, { send_welcome: sendWelcome }),
  undo: (id: number) => http.post<{ data: MemberImport }>(`/api/member/import/${id}/undo`),
  template: (kind: 'xlsx' | 'csv') => download(`/api/member/import/template.${kind}`, `medlemsimport-mal.${kind}`),
  report: (item: MemberImport) => download(`/api/member/import/${item.id}/errors.xlsx`, `feil-${item.file_name.replace(/\.[^.]+$/, '')}.xlsx`),
};

/** The member import's calls that are not plain CRUD, for use through useDataProvider() and useMutation(). */
import type { Identifier } from 'react-admin';
import { download, http } from '../common/http.ts';
import { unwrap } from './errors.ts';
import type { Static } from 'typebox';
import type { ImportChangeBody } from '../../server/schemas/member-import.ts';
import type { ImportLimits, MemberImport } from './types.ts';

/** A change of the import's column mapping or of what its rows do. */
export type ImportChange = Static<typeof ImportChangeBody>;

export const memberImportMethods = {
  /** Reads the file and answers its preview; nothing is written on the members. */
  async uploadImport(file: File): Promise<MemberImport> {
    const form = new FormData();
    form.append('file', file, file.name);
    return unwrap(await http.post<{ data: MemberImport }>('/api/member/import', form)).data;
  },

  /** The size and row limits the server applies, for the page to name. */
  async importLimits(): Promise<ImportLimits> {
    return unwrap(await http.get<{ data: ImportLimits }>('/api/member/import/limits')).data;
  },

  /** Starts the commit as a job; answers the import as it now stands ('running'). */
  /** skipErrors: 'Importer resten', the rows in error left out (they stay in the error report). */
  async commitImport(id: Identifier, sendWelcome: boolean, skipErrors = false): Promise<MemberImport> {
    return unwrap(await http.post<{ data: MemberImport }>(`/api/member/import/${id}/commit`, { send_welcome: sendWelcome, skip_errors: skipErrors })).data;
  },

  /** Starts the undo as a job; answers the import as it now stands ('undoing'). */
  async undoImport(id: Identifier): Promise<MemberImport> {
    return unwrap(await http.post<{ data: MemberImport }>(`/api/member/import/${id}/undo`)).data;
  },

  async importTemplate(kind: 'xlsx' | 'csv'): Promise<void> {
    unwrap(await download(`/api/member/import/template.${kind}`, `medlemsimport-mal.${kind}`));
  },

  async importErrorReport(item: Pick<MemberImport, 'id' | 'file_name'>): Promise<void> {
    unwrap(await download(`/api/member/import/${item.id}/errors.xlsx`, `feil-${item.file_name.replace(/\.[^.]+$/, '')}.xlsx`));
  },
};

export type MemberImportMethods = typeof memberImportMethods;

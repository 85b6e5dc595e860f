/**
 * An instrument's documents (GET /api/instrument/{id}/document), a document's thumbnail, and the
 * upload and the deletion, through the data provider's custom methods in react-query.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import type { Document, DocumentUpload, StaffDataProvider } from '../../dataProvider/index.ts';
import { UNCHANGING, useReadAgain } from '../readAgain.ts';

export const instrumentDocumentsKey = (instrumentId: Identifier) => ['instrument-documents', String(instrumentId)];

export function useInstrumentDocuments(instrumentId: Identifier) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  return useQuery({
    queryKey: instrumentDocumentsKey(instrumentId),
    queryFn: ({ signal }) => dataProvider.instrumentDocuments(instrumentId, signal),
  });
}

/** The thumbnail as a data: URL; a thumbnail never changes, so it is read once. */
export function useThumbnail(document: Pick<Document, 'id' | 'has_thumbnail'>) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  return useQuery({
    queryKey: ['document-thumbnail', document.id],
    queryFn: ({ signal }) => dataProvider.documentThumbnail(document.id, signal),
    enabled: document.has_thumbnail,
    ...UNCHANGING,
    retry: false,
  });
}

export function useDocumentUpload(instrumentId: Identifier) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  // A document changes its instrument's valuation ('Mangler takst'), shown in the member's lists and the queue too.
  const readAgain = useReadAgain();
  return useMutation({
    mutationFn: (upload: DocumentUpload) => dataProvider.uploadDocument(instrumentId, upload),
    onSuccess: readAgain,
  });
}

export function useDocumentDelete() {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const readAgain = useReadAgain();
  return useMutation({
    mutationFn: (document: Document) => dataProvider.deleteDocument(document.id),
    onSuccess: readAgain,
  });
}

export function useDocumentDownload() {
  const dataProvider = useDataProvider<StaffDataProvider>();
  return useMutation({ mutationFn: (document: Document) => dataProvider.downloadDocument(document) });
}

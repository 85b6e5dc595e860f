/**
 * An instrument's documents (GET /api/instrument/{id}/document), a document's thumbnail, and the
 * upload and the deletion, through the data provider's custom methods in react-query.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import type { Document, DocumentUpload, StaffDataProvider } from '../../dataProvider/index.ts';
import { memberInstrumentsKey } from '../instrument-insurance/useMemberInstruments.ts';

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
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * What a new or deleted document changes beyond its instrument's list: the instrument's valuation
 * (documented value and date, 'Mangler takst'), which the member's instrument lists and the
 * request queue's rows carry, so those are read again.
 */
function useReadAgain(instrumentId: Identifier, memberId: Identifier) {
  const queryClient = useQueryClient();
  return () => Promise.all([
    queryClient.invalidateQueries({ queryKey: instrumentDocumentsKey(instrumentId) }),
    queryClient.invalidateQueries({ queryKey: memberInstrumentsKey(memberId) }),
    queryClient.invalidateQueries({ queryKey: ['instrument-requests'] }),
  ]);
}

export function useDocumentUpload(instrumentId: Identifier, memberId: Identifier) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const readAgain = useReadAgain(instrumentId, memberId);
  return useMutation({
    mutationFn: (upload: DocumentUpload) => dataProvider.uploadDocument(instrumentId, upload),
    onSuccess: readAgain,
  });
}

export function useDocumentDelete(instrumentId: Identifier, memberId: Identifier) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const readAgain = useReadAgain(instrumentId, memberId);
  return useMutation({
    mutationFn: (document: Document) => dataProvider.deleteDocument(document.id),
    onSuccess: readAgain,
  });
}

export function useDocumentDownload() {
  const dataProvider = useDataProvider<StaffDataProvider>();
  return useMutation({ mutationFn: (document: Document) => dataProvider.downloadDocument(document) });
}

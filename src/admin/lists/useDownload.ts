/**
 * A download started by a button: busy while the server makes the file (the button is disabled
 * then, so a second click starts nothing), and on failure a toast in the server's words, or
 * `failure` when it gave none (or when `serverWords` is false). Runs on react-query's useMutation,
 * as react-admin's own mutations do.
 */
import { useMutation } from '@tanstack/react-query';
import { useToast } from '../toast.tsx';

interface DownloadOptions {
  /** The message (or its translation key) when the server's words are not shown. */
  failure?: string;
  /** Whether the error's own message is shown (true by default). */
  serverWords?: boolean;
}

export function useDownload<Args = void>(
  download: (args: Args) => Promise<unknown>,
  { failure = 'app.errors.generic', serverWords = true }: DownloadOptions = {},
): { start: (args: Args) => void; busy: boolean } {
  const toast = useToast();
  const mutation = useMutation({
    mutationFn: download,
    onError: (error: unknown) => toast.error((serverWords && error instanceof Error && error.message) || failure),
  });
  return { start: mutation.mutate, busy: mutation.isPending };
}

/** 'Hvem har sett opplysningene mine': the member's access log, and the download of all their data. */
import { useEffect, useState } from 'react';
import { download } from '../../common/http.ts';
import { api } from '../api.ts';
import { Card, Loading } from '../components/Layout.tsx';
import { useFormats, useTexts } from '../locale.tsx';
import type { AccessLogEntry } from '../../../server/schemas/access-log.ts';

export function AccessLogCard({ memberId, name }: { memberId: number; name: string }) {
  const texts = useTexts();
  const t = texts.accessLog;
  const when = useFormats().dateTime;
  const [entries, setEntries] = useState<AccessLogEntry[] | null>(null);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  // Bumped to read the first page again (after a download, which the log then shows).
  const [round, setRound] = useState(0);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void api.accessLog(memberId, page).then((result) => {
      if (!live) return;
      if (!result.ok) return setFailed(true);
      setTotal(result.data.total);
      setEntries((before) => (page === 1 ? result.data.data : [...(before ?? []), ...result.data.data]));
    });
    return () => {
      live = false;
    };
  }, [memberId, page, round]);

  async function downloadAll() {
    setBusy(true);
    setDownloadError(null);
    const result = await download(`/api/member/${memberId}/export`, 'mine-opplysninger.zip');
    setBusy(false);
    if (!result.ok) setDownloadError(t.downloadFailed);
    else {
      setPage(1);
      setRound((r) => r + 1);
    }
  }

  // A list that held the member (with others) says so: the member sees it, not the others.
  const what = (entry: AccessLogEntry) => (entry.members_in_list ? t.inList(entry.detail, entry.members_in_list) : entry.detail);

  const who = (entry: AccessLogEntry) => {
    const person = entry.staff ? `${entry.staff.first_name ?? ''} ${entry.staff.last_name ?? ''}`.trim() : '';
    return person === name ? t.yourself : person || '–';
  };

  return (
    <Card title={t.title}>
      <p>{t.intro}</p>
      {failed && <p className="muted">{texts.contentFailed}</p>}
      {!failed && entries === null && <Loading />}
      {entries !== null && entries.length === 0 && <p className="muted">{t.empty}</p>}
      {entries !== null && entries.length > 0 && (
        <div className="table-wrap">
          <table className="stack-table access-log">
            <thead>
              <tr>
                <th scope="col">{t.when}</th>
                <th scope="col">{t.who}</th>
                <th scope="col">{t.what}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td data-label={t.when}>{when(entry.at)}</td>
                  <td data-label={t.who}>{who(entry)}</td>
                  <td data-label={t.what}>{`${t.kinds[entry.kind] ?? entry.kind}: ${what(entry)}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {entries !== null && entries.length < total && (
        <button type="button" className="btn btn-secondary" onClick={() => setPage((p) => p + 1)}>
          {t.more}
        </button>
      )}
      <p className="muted">{t.downloadHint}</p>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => void downloadAll()}
        disabled={busy}
        aria-describedby={downloadError ? 'download-error' : undefined}
      >
        {busy ? t.downloading : t.download}
      </button>
      {downloadError && (
        <p id="download-error" className="field-error" role="alert">
          {downloadError}
        </p>
      )}
    </Card>
  );
}

/** Download buttons for an insurance certificate, in Norwegian and in English; shown only with the cover. */
import { useState } from 'react';
import { downloadCertificate, type CertificateKind, type CertificateLang } from '../../common/certificates.ts';
import { texts } from '../texts.ts';
import { useNotify } from '../toasts.tsx';

export function CertificateButtons({ memberId, kind }: { memberId: number; kind: CertificateKind }) {
  const t = texts.certificates;
  const notify = useNotify();
  const [busy, setBusy] = useState<CertificateLang | null>(null);
  const download = async (lang: CertificateLang) => {
    setBusy(lang);
    const problem = await downloadCertificate(memberId, kind, lang);
    setBusy(null);
    if (problem) notify.error(problem);
  };
  return (
    <div className="certificate-row">
      <p className="muted certificate-intro">{kind === 'travel' ? t.travelIntro : t.instrumentsIntro}</p>
      <div className="certificate-buttons">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy !== null}
          onClick={() => void download('nb')}
        >
          {busy === 'nb' ? t.downloading : t.norwegian}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          lang="en"
          disabled={busy !== null}
          onClick={() => void download('en')}
        >
          {busy === 'en' ? t.downloading : t.english}
        </button>
      </div>
    </div>
  );
}

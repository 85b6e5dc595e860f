/**
 * Download buttons for an insurance certificate, in Norwegian and in English; shown only with the
 * cover. The certificate in the language Min side is shown in comes first.
 */
import { useState } from 'react';
import { downloadCertificate, type CertificateKind, type CertificateLang } from '../../common/certificates.ts';
import { useLocale, useTexts } from '../locale.tsx';
import { catalogueOf } from '../texts.ts';
import { useNotify } from '../toasts.tsx';

export function CertificateButtons({ memberId, kind }: { memberId: number; kind: CertificateKind }) {
  const t = useTexts().certificates;
  const { locale } = useLocale();
  const notify = useNotify();
  const [busy, setBusy] = useState<CertificateLang | null>(null);
  const download = async (lang: CertificateLang) => {
    setBusy(lang);
    const problem = await downloadCertificate(memberId, kind, lang);
    setBusy(null);
    // The server's own refusals stay as it wrote them; the download's own failure is shown in the language shown.
    if (problem) notify.error(problem === catalogueOf('nb').certificates.failed ? t.failed : problem);
  };
  const buttons: { lang: CertificateLang; label: string }[] = [
    { lang: 'nb', label: t.norwegian },
    { lang: 'en', label: t.english },
  ];
  if (locale === 'en') buttons.reverse();
  return (
    <div className="certificate-row">
      <p className="muted certificate-intro">{kind === 'travel' ? t.travelIntro : t.instrumentsIntro}</p>
      <div className="certificate-buttons">
        {buttons.map(({ lang, label }) => (
          <button
            key={lang}
            type="button"
            className="btn btn-secondary"
            // On the Norwegian page the English button reads in English; on the English page both do.
            lang={locale === 'nb' && lang === 'en' ? 'en' : undefined}
            disabled={busy !== null}
            onClick={() => void download(lang)}
          >
            {busy === lang ? t.downloading : label}
          </button>
        ))}
      </div>
    </div>
  );
}

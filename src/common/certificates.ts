/**
 * Downloading an insurance certificate (PDF) with the signed-in user's token, for Min side and
 * the staff app alike. Answers null when saved, or the server's message when it refused.
 */
import { buildUrl, currentAnswerLanguage, languageHeader } from './http.ts';
import { readSession } from './session.ts';

export type CertificateKind = 'travel' | 'instruments';
export type CertificateLang = 'nb' | 'en';

/** Said in the language the app shows (not the certificate's), when the server gives no words of its own. */
const FAILED = {
  nb: 'Forsikringsbeviset kunne ikke lastes ned. Prøv igjen, eller kontakt oss.',
  en: 'The insurance certificate could not be downloaded. Please try again, or contact us.',
} as const;

export async function downloadCertificate(memberId: number, kind: CertificateKind, lang: CertificateLang): Promise<string | null> {
  const session = readSession();
  let response: Response;
  try {
    response = await fetch(buildUrl(`/api/member/${memberId}/certificate/${kind}`, { lang }), {
      headers: { Accept: 'application/pdf', ...languageHeader(), ...(session ? { Authorization: `Bearer ${session.token}` } : {}) },
      credentials: 'include',
    });
  } catch {
    return FAILED[currentAnswerLanguage()];
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    return body?.message ?? FAILED[currentAnswerLanguage()];
  }
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `forsikringsbevis-${kind}.pdf`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return null;
}

/**
 * The support contact shown to members and staff. The server writes it into index.html as
 * <meta name="support-email"> and <meta name="support-phone"> from SUPPORT_EMAIL and SUPPORT_PHONE.
 */
const DEFAULTS = { email: 'post@example.no', phone: '22 00 00 00' } as const;

function meta(name: string): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim() || null;
}

export function supportContact(): { email: string; phone: string } {
  return { email: meta('support-email') ?? DEFAULTS.email, phone: meta('support-phone') ?? DEFAULTS.phone };
}

/** Member discounts from the content source: a code and its description. */
import { api } from '../api.ts';
import { HtmlContent } from '../components/HtmlContent.tsx';
import { Card, Loading } from '../components/Layout.tsx';
import { useTexts } from '../locale.tsx';
import { useLoad } from '../useLoad.ts';

export function DiscountCodes() {
  const texts = useTexts();
  const [codes] = useLoad(() => api.discountCodes(), []);
  const t = texts.discounts;
  return (
    <Card title={t.title}>
      {codes.state === 'loading' && <Loading />}
      {codes.state === 'error' && <p className="muted">{texts.contentFailed}</p>}
      {codes.state === 'loaded' && codes.data.data.length === 0 && <p className="muted">{t.empty}</p>}
      {codes.state === 'loaded' && codes.data.data.length > 0 && (
        <div className="table-wrap">
          <table className="discounts stack-table">
            <thead>
              <tr>
                <th scope="col">{t.code}</th>
                <th scope="col">{t.description}</th>
              </tr>
            </thead>
            <tbody>
              {codes.data.data.map((discount) => (
                <tr key={discount.code}>
                  <td className="code" data-label={t.code}>
                    {discount.code}
                  </td>
                  <td data-label={t.description}>
                    <HtmlContent html={discount.description} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

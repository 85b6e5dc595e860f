/**
 * A change of travel insurance waiting for staff: the cover in force and the one asked for side
 * by side, so the member sees what still holds (and what the certificate shows) until it is decided.
 */
import type { AcceptedCover } from '../../../server/schemas/member.ts';
import { DataName, PRODUCT_NAMES } from '../components/DataName.tsx';
import { useFormats, useTexts } from '../locale.tsx';
import type { Product, Subscription } from '../travelApi.ts';

interface Cover {
  product_id: number;
  subscription_start: string | null;
  subscription_end: string | null;
}

function CoverColumn({ id, heading, cover, products }: { id: string; heading: string; cover: Cover; products: Product[] }) {
  const t = useTexts().travel;
  const format = useFormats();
  const product = products.find((candidate) => candidate.id === cover.product_id);
  return (
    <section className="travel-cover" aria-labelledby={id}>
      <h2 id={id} className="travel-cover-heading">
        {heading}
      </h2>
      <dl>
        <div>
          <dt>{t.productLabel}</dt>
          <dd>{product ? <DataName names={PRODUCT_NAMES} name={product.name} /> : '–'}</dd>
        </div>
        <div>
          <dt>{t.startLabel}</dt>
          <dd>{cover.subscription_start ? format.date(cover.subscription_start) : t.noStart}</dd>
        </div>
        <div>
          <dt>{t.endLabel}</dt>
          <dd>{cover.subscription_end ? format.date(cover.subscription_end) : t.noEnd}</dd>
        </div>
      </dl>
    </section>
  );
}

export function TravelChangeCompare({ subscription, accepted, products }: { subscription: Subscription; accepted: AcceptedCover; products: Product[] }) {
  const t = useTexts().travel;
  return (
    <div className="travel-compare">
      <CoverColumn id="travel-in-force" heading={t.inForce} cover={accepted} products={products} />
      <CoverColumn id="travel-requested" heading={t.requested} cover={subscription} products={products} />
    </div>
  );
}

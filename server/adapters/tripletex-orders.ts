import { inTwoYears, nextDay } from './tripletex-dates.ts';
import type { SessionCalls } from './tripletex-http.ts';
import { oreToKroner } from './tripletex-money.ts';
import type { TripletexOrderWithLinesInput, TripletexSession } from './tripletex-types.ts';

function orderBody(order: TripletexOrderWithLinesInput) {
  if (order.lines.length === 0) throw new TypeError('En ordre må ha minst én linje');
  return {
    customer: { id: order.customerId },
    reference: order.reference,
    orderDate: order.orderDate,
    deliveryDate: order.deliveryDate ?? order.orderDate,
    isPrioritizeAmountsIncludingVat: true,
    ...(order.invoiceComment ? { invoiceComment: order.invoiceComment } : {}),
    orderLines: order.lines.map((line) => {
      if (!Number.isSafeInteger(line.unitPriceOre)) throw new TypeError(`Ordrelinjens pris må være i hele øre: ${line.unitPriceOre}`);
      return {
        ...(line.productId ? { product: { id: line.productId } } : {}),
        description: line.description,
        count: line.count ?? 1,
        unitPriceIncludingVatCurrency: oreToKroner(line.unitPriceOre),
      };
    }),
  };
}

/** The session's orders: ours carry our reference, so a second run finds what the first made. */
export function orderCalls({ token, call, patiently, all }: SessionCalls): Pick<TripletexSession, 'findOrder' | 'createOrder' | 'ensureOrder'> {
  /** Our order by reference, among the customer's orders of that date. */
  async function orderByReference(customerId: number, reference: string, orderDate: string): Promise<{ id: number } | null> {
    const orders = await all<{ id: number; reference?: string }>(
      '/order',
      {
        customerId: String(customerId),
        orderDateFrom: orderDate,
        orderDateTo: nextDay(orderDate),
        fields: 'id,reference',
      },
      1000,
      true,
    );
    const found = orders.find((order) => order.reference === reference);
    return found ? { id: found.id } : null;
  }

  return {
    async findOrder(customerId, reference) {
      const query = new URLSearchParams({
        customerId: String(customerId),
        orderDateFrom: '2000-01-01',
        // Tripletex reads the end as exclusive; a subscription may start (and its order be dated) in the months ahead.
        orderDateTo: inTwoYears(),
        fields: 'id,reference',
        count: '1000',
      });
      const list = await patiently(() => call<{ values?: { id: number; reference?: string }[] }>('GET', `/order?${query}`, { token }));
      const found = (list?.values ?? []).find((order) => order.reference === reference);
      return found ? { id: found.id } : null;
    },
    async createOrder(order) {
      const created = await patiently(() =>
        call<{ value: { id: number } }>('POST', '/order', {
          token,
          body: {
            customer: { id: order.customerId },
            reference: order.reference,
            orderDate: order.orderDate,
            deliveryDate: order.orderDate,
            orderLines: [{ description: order.description, count: 1, unitPriceIncludingVatCurrency: order.amount }],
          },
        }),
      );
      return { id: created.value.id };
    },

    ensureOrder(order) {
      return patiently(async () => {
        const found = await orderByReference(order.customerId, order.reference, order.orderDate);
        if (found) return { id: found.id, created: false };
        const created = await call<{ value: { id: number } }>('POST', '/order', {
          token,
          body: orderBody(order),
        });
        return { id: created.value.id, created: true };
      });
    },
  };
}

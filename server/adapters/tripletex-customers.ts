import type { SessionCalls } from './tripletex-http.ts';
import type { TripletexCustomerInput, TripletexSession } from './tripletex-types.ts';

const customerBody = (customer: TripletexCustomerInput) => ({
  name: customer.name,
  customerNumber: customer.customerNumber,
  email: customer.email ?? undefined,
  invoiceEmail: customer.invoiceEmail ?? customer.email ?? undefined,
  phoneNumberMobile: customer.phoneNumberMobile ?? undefined,
  isPrivateIndividual: true,
  invoiceSendMethod: customer.invoiceSendMethod,
  postalAddress: customer.postalAddress,
});

/** The session's customers, found by our member number (Tripletex's customer number). */
export function customerCalls({ token, call, patiently }: SessionCalls): Pick<TripletexSession, 'findCustomer' | 'createCustomer' | 'updateCustomer'> {
  return {
    async findCustomer(customerNumber) {
      const query = new URLSearchParams({ customerAccountNumber: String(customerNumber), fields: 'id,customerNumber', count: '10' });
      const list = await patiently(() => call<{ values?: { id: number; customerNumber?: number }[] }>('GET', `/customer?${query}`, { token }));
      const found = (list?.values ?? []).find((customer) => customer.customerNumber === undefined || customer.customerNumber === customerNumber);
      return found ? { id: found.id } : null;
    },
    async createCustomer(customer) {
      const created = await patiently(() => call<{ value: { id: number } }>('POST', '/customer', { token, body: customerBody(customer) }));
      return { id: created.value.id };
    },
    async updateCustomer(id, customer) {
      await patiently(() => call('PUT', `/customer/${id}`, { token, body: { id, ...customerBody(customer) } }));
    },
  };
}

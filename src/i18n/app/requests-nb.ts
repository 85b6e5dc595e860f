/**
 * The request queues ('Forespørsler') in bokmål, and staff's review of what they accept, change and
 * delete; under app.
 */
export const requestsNb = {
  page_title: {
    membership_request: 'Forespørsler medlemskap',
    travel_insurance: 'Forespørsler reiseforsikring',
    instrument_insurance: 'Forespørsler instrumentforsikring',
  },
};

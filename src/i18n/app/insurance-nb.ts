/**
 * The insurances in bokmål: travel, instruments, their change history and logs, the certificates;
 * under app.
 */
export const insuranceNb = {
  travel_form: {
    title: 'REISEFORSIKRING',
    renewal: 'Fornyelse',
    price: 'Pris',
    rest_of_year: 'Pris for resten av året',
    amount: '%{amount} kr',
    reset_start: 'Tilbakestill startdato',
    reset_end: 'Tilbakestill sluttdato',
    logs: 'Logg',
    saved: 'Oppdatert!',
    request: 'Forespørsel fra %{name}',
    bad_link: 'Lenken er ugyldig: den må ha formen subscription_id={tall}&member_id={tall}.',
    not_found: 'Fant ingen reiseforsikring for denne forespørselen.',
    pending: 'Denne bestillingen venter på godkjenning.',
  },
};

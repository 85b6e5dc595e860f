/** 'Innbetalinger' in bokmål: the bank's OCR files read in, and placing what they leave; under app.payments. */
export const paymentFilesNb = {
  title: 'Innbetalinger',
  file_title_short: 'OCR-fil',
};

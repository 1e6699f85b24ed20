/** A service company's SELLER_* settings, as an operator would set them. */
export const SELLER_ENV = {
  SELLER_NAME: 'Fastighetsservice Norden AB',
  SELLER_ORG_NUMBER: '5566778899',
  SELLER_VAT_ID: 'SE556677889901',
  SELLER_STREET: 'Verkstadsgatan 4',
  SELLER_POSTAL_CODE: '117 43',
  SELLER_CITY: 'Stockholm',
  SELLER_COUNTRY: 'SE',
  SELLER_IBAN: 'SE45 5000 0000 0583 9825 7466',
  SELLER_BIC: 'ESSESESS',
  SELLER_PEPPOL_ID: '0007:5566778899',
  SELLER_EMAIL: 'faktura@fastighetsservice.example',
};

/** The product's name as the header and the browser tab show it. */
export const BRAND_NAME = 'Exchange';

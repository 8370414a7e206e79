/** What other features use of shop, safe in the browser (no server-only module behind it). */
export { artworkCurrency, originalOffer } from './offer-rule';

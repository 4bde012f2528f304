/** Leave the app for a payment page (Stripe Checkout, the portal, or the demo pages): a full page load. */
export function goTo(url: string): void {
  window.location.assign(url);
}

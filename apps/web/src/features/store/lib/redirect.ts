/** Leaves the portal for the payment page (a module of its own, so tests can stand in for it). */
export function goToPaymentPage(url: string): void {
  window.location.assign(url);
}

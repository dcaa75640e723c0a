/** Sends the browser to another site (the sign-in provider): the page unloads. */
export function leaveFor(url: string): void {
  window.location.assign(url);
}

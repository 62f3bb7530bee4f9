/**
 * Where the network-error page goes once the failed request has gone through: back to the
 * screen that made it, which loads its data again. A result page is no screen to go back to,
 * nor is anything outside the app.
 */
export function returnPathAfterRetry(location: string): string {
  const isInApp = location.startsWith('/') && !location.startsWith('//');
  return isInApp && !location.startsWith('/result/') ? location : '/home';
}

/** The 'Maksuseuranta' tab (built with the payout tracking). */
export function PayoutTrackingTab() {
  return null;
}

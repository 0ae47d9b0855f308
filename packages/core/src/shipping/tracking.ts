/** Tracking pages of the carriers we know, by the carrier's name as the operator types it. */
const TRACKING_PAGES: Record<string, (trackingNumber: string) => string> = {
  UPS: (n) => `https://www.ups.com/track?tracknum=${n}`,
  USPS: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  FEDEX: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  DHL: (n) => `https://www.dhl.com/en/express/tracking.html?AWB=${n}`,
};

/** The carrier's tracking page for the number, or null for a carrier we do not know. */
export function trackingUrl(carrier: string | null, trackingNumber: string | null): string | null {
  if (!carrier || !trackingNumber) return null;
  const page = TRACKING_PAGES[carrier.replace(/[\s.-]/g, "").toUpperCase()];
  return page ? page(encodeURIComponent(trackingNumber)) : null;
}

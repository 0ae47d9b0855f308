import type { AdminShipment } from "@prizepacks/core";

/** Where a shipment goes, as a label shows it: name, street, town, country, phone. */
export function ShipToAddress({ address }: { address: AdminShipment["address"] }) {
  return (
    <address className="ship-to break">
      {address.name}
      <br />
      {address.line1}
      {address.line2 && (
        <>
          <br />
          {address.line2}
        </>
      )}
      <br />
      {address.city}
      {address.region && `, ${address.region}`}
      {address.postalCode && ` ${address.postalCode}`}
      <br />
      {address.country}
      {address.phone && (
        <>
          <br />
          Phone: {address.phone}
        </>
      )}
    </address>
  );
}

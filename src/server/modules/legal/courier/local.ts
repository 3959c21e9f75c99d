/**
 * The local courier tracker: a stand-in for India Post / a courier's tracking service, for the
 * demo and tests, computed from the tracking number and the day it was handed over, with no
 * network. It follows how a speed post article moves: booked on the day of dispatch, in transit
 * the next day, out for delivery and delivered LOCAL_DELIVERY_DAYS after dispatch (the receiver:
 * "Addressee"), with a POD PDF (a one-page PDF naming the article). Numbers starting "RT" are
 * returned to sender on that day instead ("Addressee left without instructions"); numbers starting
 * "NF" are unknown to the courier. Never used as a real courier: the adapter is named 'local'.
 */
import type { CourierEvent, CourierTracker, TrackingQuery } from './port';

/** Days from dispatch to delivery (or return) at the local courier. */
export const LOCAL_DELIVERY_DAYS = 3;
const DAY_MS = 86_400_000;

/** A minimal valid one-page PDF with `lines` of text (Helvetica), for the local POD. */
export function simplePdf(lines: readonly string[]): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const text = lines.map((l, i) => `BT /F1 12 Tf 56 ${780 - i * 18} Td (${esc(l)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export const localCourier: CourierTracker = {
  name: 'local',
  async track({ trackingNumber, mode, dispatchedAt, now }: TrackingQuery) {
    const number = trackingNumber.toUpperCase();
    if (number.startsWith('NF')) return null;
    const at = (days: number, hour: number) => new Date(dispatchedAt.getTime() + days * DAY_MS + hour * 3_600_000).toISOString();
    const office = mode === 'speed_post' ? 'Mumbai GPO' : 'Mumbai hub';
    const events: CourierEvent[] = [{ at: at(0, 12), place: office, text: mode === 'speed_post' ? 'Item booked' : 'Shipment picked up' }];
    const elapsed = (now.getTime() - dispatchedAt.getTime()) / DAY_MS;
    if (elapsed >= 1) events.push({ at: at(1, 9), place: office, text: 'Item dispatched' });
    if (elapsed >= LOCAL_DELIVERY_DAYS - 1) events.push({ at: at(LOCAL_DELIVERY_DAYS - 1, 18), place: 'Delivery office', text: 'Item received' });
    if (elapsed < LOCAL_DELIVERY_DAYS) return { status: 'in_transit', events };
    if (number.startsWith('RT')) {
      events.push({ at: at(LOCAL_DELIVERY_DAYS, 14), place: 'Delivery office', text: 'Item returned to sender: addressee left without instructions' });
      return { status: 'returned', events };
    }
    const deliveredAt = at(LOCAL_DELIVERY_DAYS, 13);
    events.push({ at: at(LOCAL_DELIVERY_DAYS, 9), place: 'Delivery office', text: 'Out for delivery' }, { at: deliveredAt, place: 'Delivery office', text: 'Item delivered (Addressee)' });
    const pod = simplePdf([`Proof of delivery (local courier)`, `Article ${number}`, `Delivered ${deliveredAt}`, 'Received by: Addressee']);
    return { status: 'delivered', events, delivered: { at: deliveredAt, receivedBy: 'Addressee', pod: { fileName: `POD_${number}.pdf`, contentType: 'application/pdf', bytes: pod } } };
  },
};

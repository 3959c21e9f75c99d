/**
 * Reading a notice's delivery from the courier (issue 17 "the POD … read from the courier's
 * tracking"): one adapter per courier behind this port. An adapter answers what the courier's
 * tracking says of one tracking number — where the article is, its events, and once delivered who
 * received it and the proof of delivery document — and nothing else (the legal area records it).
 */

/** Where an article is, as far as the notice cares. */
export type CourierStatus = 'in_transit' | 'delivered' | 'returned';

export interface CourierEvent {
  /** ISO timestamp of the event at the courier. */
  at: string;
  place: string;
  text: string;
}

export interface CourierTracking {
  status: CourierStatus;
  /** Oldest first. */
  events: CourierEvent[];
  /** Once delivered: who signed for it and the POD as the courier gives it. */
  delivered?: { at: string; receivedBy: string; pod: { fileName: string; contentType: string; bytes: Buffer } | null };
}

/** What an adapter is asked: the tracking number and when the notice was handed over. */
export interface TrackingQuery {
  trackingNumber: string;
  mode: 'speed_post' | 'courier';
  dispatchedAt: Date;
  now: Date;
}

export interface CourierTracker {
  /** The adapter's name, recorded on the loan's timeline ('local'). */
  name: string;
  /** @returns null when the courier does not know the number; throws when the courier cannot be reached. */
  track(q: TrackingQuery): Promise<CourierTracking | null>;
}

/**
 * The buyer's complaint window (the terms: a complaint within 48 hours of the event's start). The
 * one source for it: the payout rule, the receipts, the pages and the terms read it from here.
 */
export const complaintWindowHours = 48;

/** The end of the complaint window of a sale of an event starting at `eventStart`. */
export function complaintWindowEnd(eventStart: Date): Date {
  return new Date(eventStart.getTime() + complaintWindowHours * 60 * 60 * 1000);
}
